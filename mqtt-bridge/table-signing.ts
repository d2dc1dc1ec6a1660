/**
 * Whether what a board shows of its table is signed, for a board that takes unsigned results
 * (`trust.requireSignatures` off): staff are told while its latest result came unsigned (`results-unverified`), and
 * a table whose controller signs is held to it. Once the board took a result signed by a key it trusts, and while its
 * latest result is signed, an unsigned message of the controller is a forgery: refused. Else one unsigned snapshot of
 * a made-up shoe, stamped later than any real one, would hold the board for good. Pure bookkeeping: the follower asks.
 *
 * ```ts
 * const s = new TableSigning(() => 'results arrive without a signature');
 * s.refusal('hand', false); // null, or why an unsigned message of the controller is refused
 * s.taken('hand', true, now); // a result taken: true when the warning changed
 * ```
 * @packageDocumentation
 */
import type { StaffWarning } from '../contract/kiosk';
import { RESULT_KINDS } from './table-types';

export class TableSigning {
  /** Set while the table's latest result came unsigned (taken because signatures are not required). */
  private unverified: StaffWarning | null = null;
  /** When the board took a signed result, while its latest result is signed; else null. */
  private signed: string | null = null;

  constructor(private readonly unsignedResults: () => string) {}

  /** The staff warning while the latest result came unsigned. */
  get warning(): StaffWarning | null {
    return this.unverified;
  }

  /** True while the board shows results it took unsigned, before it knew the table signs. */
  get showsUnsigned(): boolean {
    return this.unverified !== null && this.signed === null;
  }

  /**
   * From the board's history at start (`signedSince`: when its results came signed, as it ends; `unsignedSince`: when
   * they came unsigned, which staff are told again at once), or afresh.
   */
  reset(signedSince: string | null = null, unsignedSince: string | null = null): void {
    this.signed = signedSince;
    this.unverified =
      unsignedSince === null
        ? null
        : { code: 'results-unverified', detail: this.unsignedResults(), since: unsignedSince };
  }

  /** Why a message of the controller (`kind`: what it is) is refused for being unsigned, or null. */
  refusal(kind: string, verified: boolean): string | null {
    if (verified || this.signed === null) return null;
    return `an unsigned ${kind} on a table whose controller signs (its results signed since ${this.signed})`;
  }

  /**
   * A message of the controller taken: signed or not. Only one the board takes counts: a signed one it ignores
   * (stale, another shoe's) says nothing about what it shows. True when the staff warning came or went.
   */
  taken(kind: string, verified: boolean, now: string): boolean {
    if (verified && RESULT_KINDS.has(kind)) this.signed ??= now;
    if (verified !== !!this.unverified) return false;
    this.unverified = verified ? null : { code: 'results-unverified', detail: this.unsignedResults(), since: now };
    return true;
  }
}
