/** `baccarat-board signage --help`: its usage, kept apart from the command so that each reads in one screen. */
import { defaultAccountsPath } from '../console/accounts';
import { BROKER_USAGE } from '../console/mqtt-session';
import { MESSAGE_FITS, MESSAGE_FITS_CROWDED } from '../contract/message-fit';

export const SIGNAGE_USAGE = `Usage: baccarat-board signage --broker URL [--table ID] show [--json]
       baccarat-board signage --broker URL --table ID set KEY=VALUE… --reason TEXT [--by ACCOUNT] [--shoe ID] [--replace]
                                                         [--new-table]
       baccarat-board signage --broker URL --table ID close --confirm ID --reason TEXT [--by ACCOUNT]
       baccarat-board signage --broker URL --table ID open --reason TEXT [--by ACCOUNT]
       baccarat-board signage --broker URL [--table ID] restore --audit FILE --reason TEXT [--by ACCOUNT]
       baccarat-board signage --broker URL keepers [--forget ID] [--json]

show   prints the table's retained signs, the casino's and where the shoe stands.
       Also the boards of the table (their retained status): the sign revision each shows, and any that differs.
       Without --table: the casino's sign, the tables with a sign, and the boards not showing the casino's sign.
set    changes them: reads the retained signs (or starts from the defaults in docs/console.md), applies the
       changes, checks them as a board will (the contract and the rules), publishes retained at QoS 1 and waits
       until the broker has it. Refused, naming the key, when a board would refuse it. The revision goes above
       the retained sign's and every revision a board reports (a broker that lost its signs must not make new
       ones invisible). When a board shows a revision above the retained sign, the broker has lost the sign the
       boards show: a new one, made from the retained sign (or the defaults) and the keys, would replace theirs
       in full, so set and open refuse it unless --replace is given (close does not wait: it warns). With
       --audit FILE, a set is made to the sign the boards show instead, read from that audit log when it holds
       it (the casino's name kept too). It is then published even if the keys change nothing, so the boards
       take it. A table the broker knows nothing of (no
       sign, no shoe, no board) is refused as a likely typo: --new-table gives a new table its first sign.
close  closes the table: its own action, confirmed by naming the table again (--confirm, its id or its name).
open   opens it again.
restore
       after the broker lost a sign the boards still show (a restart without persistence): publishes the sign of
       the revision they show again, read from the audit log FILE (the console's, or one kept with --audit),
       above their revision. Without --table: the casino's sign. Nothing to do when the broker has it.
keepers
       lists the consoles that say they keep this broker's audit log ({root}/pit/audit-keepers/ID, retained);
       --forget ID clears a retired console's word, so that signage and fleet no longer count it (read back to
       confirm). A console still running says so again when it next connects.

Every change needs a reason (--reason), and goes to the audit log every console keeps: published on
{root}/pit/audit with who (your OS user, or --by ACCOUNT), why, and the sign before and after.
With --signing-key, the signs and the audit record carry the pit's signature; boards that require signatures
(trust.requireSignatures) refuse a sign without it. A signed set or open is refused where the table's sign on the
broker is unsigned and its boards show an earlier revision (it would sign what that sign says too): check it with
show, then add --replace to sign it as it stands, or restore the revision the boards show from the console.

Keys:
  name=TEXT               the table's name on the sign
  currency=HKD            ISO 4217 code
  min=N  max=N            table minimum and maximum (100000 or 100,000)
  tie-max=N               tie maximum (at most max)
  pair-max=N|none         pair maximum (at most max)
  differential=N|none     maximum table differential (rule 5.17; at least max)
  variant=commission|modified-odds
                          Banker pays 1 to 1 less commission (rule 5.10), or 1 to 1 with a win on 6 paying 1 to 2
                          (rule 5.11). Takes effect from the first round not yet begun, or from-hand=N; the
                          variant in force before it is kept as previousVariant
  commission=5            commission in % (0 to 10), on the commission variant
  from-hand=N             the hand of the current shoe from which the variant or commission change applies; the
                          shoe is read from the retained snapshot, or named with --shoe
  tie-pays=8|9            a tie pays 8 to 1 or 9 to 1
  side-bets=a,b|+a|-a|none
                          playerPair, bankerPair, perfectPairs, urWayEgalite, threeGivesEight: a new list, or
                          some added (+) and removed (-)
  pp-limits=MIN-MAX|none  Perfect Pairs wager limits (rule 11A.4), e.g. 100-5,000; ur-way-limits= and
  ur-way-limits=…         3g8-limits= likewise for UR Way Égalité (per score) and 3 gives 8. In the table's
  3g8-limits=…            currency, minimum ≤ maximum ≤ max; only for a side bet offered (removing the bet
                          removes its limits)
  language=en|zh-Hans|zh-Hant|en+zh-Hans|en+zh-Hant
  message=TEXT            free text on the board (empty: none); warned of when the boards will likely cut it
                          (above ${MESSAGE_FITS_CROWDED} characters beside modified odds and Perfect Pairs, ${MESSAGE_FITS} otherwise)
  disclaimer=true|false   show the display-board disclaimer
  pp-scale=one|two        CASINO-WIDE Perfect Pairs pay scale (rules 11A.7, 11A.8): publishes {root}/casino/signage;
                          without --table (refused with one, but for a table's first Perfect Pairs while the
                          casino has no sign yet); the report names the tables it applies at
  casino-name=TEXT        CASINO-WIDE: the casino's name on its sign, on every board; without --table, as pp-scale
  (open or closed is not a key: use close and open)

Options:
  --broker URL            mqtt://host:port (also mqtts:, ws:, wss:)                (required)
  --table ID              the table (required, except for pp-scale and casino-name alone)
  --reason TEXT           why, 3 to 300 characters: required by set, close, open and restore; kept in the
                          audit log
  --by ACCOUNT            make the change as a console account (its password: typed, or the first line of
                          standard input), held to its role; default: your OS user
  --accounts FILE         the console's accounts file, for --by (default ${defaultAccountsPath()})
  --signing-key FILE      the pit's Ed25519 key (baccarat-board keys generate): signs the signs and the record
  --confirm ID            close: the table's id or name, again
  --replace               set, open: publish even though a board shows a sign the broker no longer has, which
                          the new sign replaces in full (see set above)
  --new-table             set: the table's first sign, on a broker that knows nothing of it yet (no sign, shoe
                          or board); without it such a table is refused, as a likely typo of another's id
  --shoe ID               the current shoe, when no snapshot is retained (for from-hand and modified odds);
                          --shoe next: from the next shoe's first hand (another from-hand is refused); with a
                          snapshot, another id is refused
  --audit FILE            also append the record to this audit log (JSON lines, as the console keeps); restore,
                          and set on a sign the broker lost, read the sign the boards show from it
  --wait MS               how long to wait for retained messages and the boards' statuses (default 500)
  --json                  show: the signs as JSON; set: what was published, as JSON
${BROKER_USAGE}

Exit status: 0 done (or nothing to change), 1 the broker refused or could not be reached, or the audit record
was not confirmed, 2 bad input (a refused key, no reason, a wrong --by password, a role that may not do it).
`;
