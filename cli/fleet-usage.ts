/** `baccarat-board fleet --help`: its usage, kept apart from the command so that each reads in one screen. */
import { defaultAccountsPath } from '../console/accounts';
import { BROKER_USAGE } from '../console/mqtt-session';

export const FLEET_USAGE = `Usage: baccarat-board fleet list --broker URL [--table ID] [--json] [connection options]
       baccarat-board fleet identify|about|reload|resync|screenshot --broker URL --display ID [options]
       baccarat-board fleet forget --broker URL --display ID [--force] [--json] [connection options]

Every board on the broker (list), or a fleet command to one board ({root}/displays/{ID}/command, QoS 1), for IT.

list        every board that has reported, one line each, by table then display: its table, online, offline or
            silent (its status says online but is over 90 s old: its link dropped unseen), when last seen ("3 min
            ago"; "or later" where only the time it connected is known), whether it is in step with its table
            (and if not why: gap, rejected, conflict), its version, uptime and how many warnings for staff it
            carries (ls does the same). Read from the boards' retained status and last-seen time; it waits until
            none has come for 0.2 s, 2 s at most (--timeout), and publishes nothing. --table ID: that table's
            boards only. Exit status 0 once listed, offline boards or none among them ("No boards have reported on
            this broker"); 1 when the broker cannot be reached or read.
identify    shows the display id large on the screen (--seconds N, default 30)
about       shows, for staff close up, what the board runs and how it is connected: version, build, ids,
            brokers, connection, configuration file, uptime, Electron/Chromium or browser mode, trust, screen
            (--seconds N, default 60; the i key on a keyboard on the kiosk does the same)
reload      reloads the board's page, keeping its MQTT session
resync      asks the retained topics again (--replace: drop the board's state and show exactly what they say)
screenshot  the board's current picture, written to --out FILE.png. In Electron it is the kiosk window's own
            pixels (source: window); in browser mode the board's current view drawn again by a headless
            Chromium on the board's machine at the size its browser reported (source: rendered).
forget      retires a board taken away: clears its retained status and last-seen time (empty retained messages),
            so that list and the console no longer show it, and says what it cleared. A board online now is
            refused unless --force (it would publish its status again within 30 s). Exit status 0 once cleared; 1
            when the broker holds nothing of it, it is online, or the broker kept them (this account may not write
            {root}/displays/ID/status and /seen: its ACL, docs/console.md).

Nothing is sent to a board whose retained status says it is offline (since when, as far as is known), that is
silent (its status online but over 90 s old: most likely down), or that has no status (it has never connected):
that is said at once. Otherwise the command waits for the board: its status naming the command, or the picture.
Then it goes to the audit log every console keeps, as the console's own commands do: published on {root}/pit/audit
with who (your OS user, or --by ACCOUNT), why (--reason: required for reload and resync), the command and what the
board answered.

Exit status 0 when done; 1 when the board is offline, silent or unknown, said it failed or did not answer within
--timeout (the message says what its status says), or the audit record was not confirmed (it is printed); 2 for
bad input (a wrong --by password, a role that may not send it, no reason for reload or resync).

Options:
  --display ID            the board (its displayId)
  --table ID              list: that table's boards only
  --reason TEXT           why: required by reload and resync (3 to 300 characters); kept in the audit log
  --by ACCOUNT            send it as a console account (its password: typed, or the first line of standard
                          input), held to its role (a floor manager: identify, about, screenshot); default: your
                          OS user
  --accounts FILE         the console's accounts file, for --by; default:
                          ${defaultAccountsPath()}
  --audit FILE            also append the record to this audit log (JSON lines, as the console keeps)
  --out FILE.png          screenshot: where to write the picture
  --seconds N             identify, about: how long it shows (1 to 600)
  --replace               resync: replace the board's state
  --force                 forget: clear a board that is online now
  --timeout S             how long to wait for the board (default 10 s; 30 s for screenshot); for list, the
                          longest to wait for the boards' statuses (default 2 s: it ends once they are in)
  --signing-key FILE      the pit's private key (PEM): for boards that require signatures; signs the record too
  --json                  one JSON line: the answer (for screenshot, its fields without the PNG, and the file),
                          and audit, the id of its record (null: not confirmed); for list, an array of boards
                          (display, table, state, lastSeen, inStep, version, … as docs/cli.md lists them)
  --broker URL            the broker (mqtt://, mqtts://, ws://, wss://; tcp://, tls:// and ssl:// too)
${BROKER_USAGE}
`;
