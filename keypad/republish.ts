/**
 * What a keypad publishes each time it connects as its table's controller: what its journal says last, and its
 * snapshot (`Republish`); for a new journal, made once it has read the table's retained shoe (`Starter`: a spare may
 * carry that shoe on, `adopt.ts`). And the table open or closed that says, for its first online status.
 * @packageDocumentation
 */
import type { ControllerStatus } from '../contract/schemas/status';
import type { Outgoing } from '../simulator/messages';
import { tableOpenOf } from '../simulator/publisher';

/** What the journal says last: published again each time the keypad connects as the controller. */
export interface Republish {
  readonly outgoing: readonly Outgoing[];
  readonly snapshot: Outgoing | null;
}

/**
 * A new journal's first messages, made once the table is about to be served: from the table's retained shoe, which
 * `readShoe` reads (a spare keypad carries it on: `adopt.ts`), and its retained controller status (`status`: the
 * last word of the keypad before on the table open or closed).
 */
export type Starter = (
  readShoe: () => Promise<Uint8Array | null>,
  status: ControllerStatus | null,
) => Promise<Republish>;

/**
 * The table open or closed as what the journal says last says it, for the link's first online status: said at once,
 * it needs no second status right after, which a keypad starting at the same moment could take for a take-over.
 */
export function saysOpen({ outgoing, snapshot }: Republish): { tableOpen?: boolean } {
  const all = snapshot && !outgoing.includes(snapshot) ? [...outgoing, snapshot] : outgoing;
  const said = all.map(tableOpenOf).filter((o) => o !== undefined);
  return said.length > 0 ? { tableOpen: said.at(-1)! } : {};
}
