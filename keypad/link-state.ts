/**
 * What a keypad's link to its table says of itself: starting, online, offline, or refused (another controller serves
 * the table; or, found by "Check again", the table is free but its shoe is one this keypad may not carry on), and the
 * last error while starting. The state and its words only: `table-link.ts` decides the moves.
 *
 * ```ts
 * const link = new LinkState();
 * link.refuse('another-keypad', status); // link.view().refusal says who holds the table
 * ```
 * @packageDocumentation
 */
import type { ControllerStatus } from '../contract/schemas/status';
import { refusalText, type ActionResponse, type LinkView } from './protocol';
import { refusalOf, type Refusal } from './table-holder';

export class LinkState {
  state: LinkView['state'] = 'starting';
  /** The last error while starting (the broker unreachable, refused): shown only while starting. */
  error: string | undefined;
  private refusal: Refusal | undefined;
  private shoeRefused: string | undefined;

  get refused(): boolean {
    return this.state === 'refused';
  }

  /** Why it was refused by the table's holder, if it was. */
  get refusedBy(): Refusal['why'] | undefined {
    return this.refusal?.why;
  }

  /** Refused: another controller serves the table (`why`), as its status says. */
  refuse(why: Refusal['why'], s: ControllerStatus): Refusal {
    this.state = 'refused';
    this.refusal = refusalOf(why, s);
    this.shoeRefused = undefined;
    return this.refusal;
  }

  /** Refused: the table is free, but its shoe is one this keypad may not carry on (`reason`: why, what to change). */
  refuseShoe(reason: string): void {
    this.state = 'refused';
    this.refusal = undefined;
    this.shoeRefused = reason;
  }

  /** Whether it was refused for the shoe (not for a holder). */
  get shoeWasRefused(): boolean {
    return this.shoeRefused !== undefined;
  }

  /** Starting again, the refusal gone (the table free: taking it now). */
  starting(): void {
    this.refusal = undefined;
    this.shoeRefused = undefined;
    this.state = 'starting';
  }

  /** The connection's online or offline; a refused link stays refused. Whether it changed. */
  set(state: 'online' | 'offline'): boolean {
    if (this.state === 'refused' || this.state === state) return false;
    this.state = state;
    if (state === 'online') this.error = undefined;
    return true;
  }

  /** Why the table takes no action now (refused, or not connected yet: `connected` false), if it takes none. */
  notServing(connected: boolean): Extract<ActionResponse, { ok: false }> | null {
    if (this.state === 'refused')
      return {
        ok: false,
        error: this.refusal ? refusalText(this.refusal) : (this.shoeRefused ?? 'the table is held'),
        code: 'refused',
      };
    if (this.state === 'starting' || !connected)
      return { ok: false, error: 'not connected to the table yet', code: 'not-connected' };
    return null;
  }

  view(): Pick<LinkView, 'state' | 'refusal' | 'shoeRefused' | 'error'> {
    return {
      state: this.state,
      ...(this.refusal && { refusal: this.refusal }),
      ...(this.shoeRefused !== undefined && { shoeRefused: this.shoeRefused }),
      ...(this.error !== undefined && this.state === 'starting' && { error: this.error }),
    };
  }
}
