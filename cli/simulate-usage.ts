/** `baccarat-board simulate --help`: its usage, kept apart from the command so that each reads in one screen. */
import { DEFAULT_ROOT } from '../contract/topics';
import { TLS_USAGE } from '../mqtt-bridge/tls';
import { CHAOS_RATES } from '../simulator/chaos';
import {
  DEFAULT_CUT_CARD_FROM_BACK,
  DEFAULT_DECKS,
  MAX_DECKS,
  MAX_NO_BET_COUPS,
  MIN_CUT_CARD_FROM_BACK,
  MIN_DECKS,
} from '../simulator/dealer-options';
import { DEFAULT_IRREGULARITY_RATE } from './simulate-args';

export const SIMULATE_USAGE = `Usage: baccarat-board simulate --broker URL --tables T1,T2 [options]

Runs one simulated table controller per table: it shuffles real shoes with a seeded generator, cuts them and
places the cut card (rule 7.6), burns (rules 7.7, 7.9), deals every round by the Table of Play, follows the cut
card to the last coup (rule 11.2 a and b), and publishes shoe start, shuffle, burn, betting, results, cut card,
irregularities and shoe end over MQTT, exactly as the contract says. Runs until --shoes shoes are done (default:
forever) or Ctrl-C, which publishes each controller's offline status and disconnects.

It first reads each table's retained controller status: a table that another controller serves (online: a dealer's
keypad, a card-reading shoe, another simulator running now) is refused, nothing is published, exit 2, unless
--take-over.

Options:
  --broker URL[,URL...]   mqtt://host:port (also mqtts:, ws:, wss:, tcp:, ssl:)   (required); several
                          (a bridged pair) for failover: tried in turn on each reconnection, as boards do
  --tables T1,T2          table ids, comma-separated; one MQTT client each        (required)
  --speed N|max           1 = real time (about 15 s of betting and 8-12 s of dealing a round), N = N times
                          faster, max or 0 = as fast as the broker acknowledges   (default 1)
  --seed S                seeds the cards and irregularities; the same seed deals the same shoes (each table
                          gets its own stream, S/T1, S/T2 ...). Default: a random seed, printed.
  --shoes N               stop after N shoes per table                            (default: never)
  --decks N[,M...]        ${MIN_DECKS} to ${MAX_DECKS}; several take turns shoe by shoe, e.g. 8,6,4     (default ${DEFAULT_DECKS})
  --cut-card N|MIN-MAX    cards behind the cut card, at least ${MIN_CUT_CARD_FROM_BACK} (rule 7.6)       (default ${DEFAULT_CUT_CARD_FROM_BACK.join('-')})
  --cut-card-case a|b     put the cut card where rule 11.2 (a) or (b) applies     (default: where it falls)
  --no-bet-coups [N]      N no-bet coups at the start of each shoe, up to ${MAX_NO_BET_COUPS} as the pit boss
                          may permit (house rules 3.3 B, 5.1.6); alone, the 3 of house rule 3.1.2
  --irregularities RATE   0 to 1: every kind of irregularity at that rate         (default ${DEFAULT_IRREGULARITY_RATE})
  --irregularity KIND=RATE  one kind at its own rate, over --irregularities; repeatable. KIND is one of
                          exposedCard    per round: first card face up, "No bets this hand" (rule 12.3)
                          misKey         per hand: a mis-keyed result, then a supervisor's correction
                          cutCardMissed  per shoe: cut card overlooked, the shoe runs out (rule 12.5)
                          voidAfter      per hand: declared void after its result (12.6, house rule 4.2)
                          foreignCard    per round: a card not of the set, the round void (tournament 5.1.1)
                          outOfTurn      per round: a card out of turn, next coup without bets (house 4.3)
  --no-betting-events     never publish betting-open nor no-more-bets, as some controllers do
  --chaos                 the chaos table: every irregularity at ${CHAOS_RATES.exposedCard}, shoes of 8, 6 and 4 decks
                          in turn with 5, 0 and 4 no-bet coups, the second run out past its cut card; not
                          with --decks, --no-bet-coups, --cut-card-case or the irregularity options
  --signing-key FILE      sign every message with this controller key (baccarat-board keys generate); boards
                          that list its public key in trust.controllerKeys then show the results as verified
  --root R                topic root                                              (default ${DEFAULT_ROOT})
  --username U            MQTT user name
  --password P            MQTT password (needs --username); default $BACCARAT_MQTT_PASSWORD, kept out of ps
${TLS_USAGE}
  --protocol-version 4|5  MQTT 3.1.1 (4) or 5                                     (default 4)
  --quiet                 print nothing but errors
  --take-over             deal even on a table another controller serves: its boards show the simulated shoe
                          and that controller (a keypad) stops publishing. Never on a table patrons bet on
`;
