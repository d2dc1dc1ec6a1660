/**
 * Who holds the table, and what a keypad does about it: the second-keypad rule (`docs/keypad.md`, "A second
 * keypad") as pure decisions on the controller statuses its table watch reads. The connection that acts on them is
 * `table-link.ts`.
 *
 * ```ts
 * const current = await watch.current();
 * if (tableAtStart(current, (s) => presence.ours(s), signs ? check : null) === 'held') refusal = refusalOf('another-keypad', current);
 * const live = { retained: false, ownThisRun: false, serving: true, refused: false, sawOwnOnline: true,
 *   signs: true, trusted: true, signed: true };
 * statusMove(anotherOnline, live); // 'yield': the table was taken over
 * statusMove(forgedOnline, { ...live, trusted: false }); // 'refuse-take-over': keep serving, say online again
 * ```
 * @packageDocumentation
 */
import type { ControllerStatus } from '../contract/schemas/status';
import { controllerSoftware, heldByAnother } from '../simulator/publisher';
import type { LinkView } from './protocol';

/**
 * Whether the table's retained status says another controller serves it (an online status this keypad never made):
 * the rule `simulate` shares, kept beside the controller's connection (`simulator/controller-link.ts`).
 */
export { heldByAnother };

export type Refusal = NonNullable<LinkView['refusal']>;

/** The refusal a status makes: why, what holds the table (by its version label), and since when. */
export function refusalOf(why: Refusal['why'], s: ControllerStatus): Refusal {
  const holder = controllerSoftware(s.version);
  return { why, holder, controllerId: s.controllerId, version: s.version, since: s.timestamp };
}

/**
 * What the table's retained status means to a keypad about to take it: `held`, another's online (not one of its
 * own; for a keypad that signs, one its trusted keys signed, however old: another keypad serving for hours said
 * online hours ago); `forged`, an online a keypad that signs finds unsigned or signed by a key it does not trust
 * (it takes the table and says so); else `free`. `check`: the status's signature, for a keypad that signs.
 */
export function tableAtStart(
  current: ControllerStatus | null,
  ours: (s: ControllerStatus) => boolean,
  check: ((s: ControllerStatus) => { readonly signed: boolean }) | null,
): 'held' | 'forged' | 'free' {
  if (!heldByAnother(current, ours)) return 'free';
  return check === null || check(current).signed ? 'held' : 'forged';
}

/**
 * The status that stands for a take-over the broker reported without saying by whom (MQTT 5's "session taken
 * over"): the same controller id, an unknown version, now.
 */
export function unseenTakeOver(controllerId: string, now: Date): ControllerStatus {
  return { v: 1, state: 'online', controllerId, version: '?', timestamp: now.toISOString() };
}

/** What the keypad knows as a status arrives on its table's status topic. */
export interface StatusContext {
  readonly retained: boolean; // what the broker held when the watch (re)subscribed
  readonly ownThisRun: boolean; // a status this keypad published in this run
  readonly serving: boolean; // connected as the table's controller
  readonly refused: boolean;
  readonly sawOwnOnline: boolean; // its own online of this run has come back
  readonly signs: boolean; // the keypad signs (--signing-key): it takes signed take-overs only
  /** The status is signed by a key the keypad trusts (its own, or one given with --trust-key), verifies, is fresh. */
  readonly trusted: boolean;
  /** The status is signed by a key the keypad trusts and verifies, however old (what a refused keypad asks). */
  readonly signed: boolean;
}

/**
 * What to do with a status on the table's topic. While it serves the table: another's online after its own is a
 * take-over (`yield`); another's offline, a stale will that overwrote its presence (`say-online`). Refused: another's
 * online keeps what the page says about the other keypad current (`refresh-refusal`; for a keypad that signs, a signed
 * one). A keypad that signs yields
 * only to an online its trusted keys signed: any other is a forged take-over, refused (`refuse-take-over`: it keeps
 * serving and says online again, so the retained status is its own). One that does not sign cannot ask others to.
 */
export type StatusMove = 'own-online' | 'refresh-refusal' | 'yield' | 'refuse-take-over' | 'say-online' | 'none';

export function statusMove(s: ControllerStatus, c: StatusContext): StatusMove {
  // Its own online may come back before the connection's acknowledgement does: count it first.
  if (c.ownThisRun) return s.state === 'online' ? 'own-online' : 'none';
  // Refused: a keypad that signs names as the holder only a controller its trusted keys signed for (a forged online
  // on the topic would put its name on the tablet).
  if (!c.serving) return c.refused && s.state === 'online' && (!c.signs || c.signed) ? 'refresh-refusal' : 'none';
  if (c.retained) return 'none'; // older than anything live
  if (s.state === 'online' && c.sawOwnOnline) return c.signs && !c.trusted ? 'refuse-take-over' : 'yield';
  return s.state === 'offline' ? 'say-online' : 'none';
}
