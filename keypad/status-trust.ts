/**
 * Whether a controller status that would take the keypad's table over is signed by a key the keypad trusts: its own
 * (a spare keypad keyed with the table's key) and those given with `--trust-key`. The signature check at the edge,
 * with the boards' own keyring (`mqtt-bridge/signing.ts`); what to do about it is `table-holder.ts`'s (`trusted`).
 * A signature says who wrote a status, not when it was sent: every account may read the retained status, so a
 * genuine `online` of an earlier run (this keypad's, or a spare's) could be sent again. A take-over is therefore also
 * fresh (stamped within {@link TAKE_OVER_WINDOW_MS} of the keypad's clock) and not one of the keypad's own statuses.
 *
 * ```ts
 * const check = takeOverTrust({ signingKey, trustKeys: [spare], topic: T.controllerStatus('T1'), now, ours });
 * check(status); // { trusted: false, reason: 'unsigned' }
 * ```
 * @packageDocumentation
 */
import type { KeyObject } from 'node:crypto';
import type { ControllerStatus } from '../contract/schemas/status';
import { COMMAND_WINDOW_MS } from '../mqtt-bridge/command-replay';
import { Keyring, type Signature, type SigningKey } from '../mqtt-bridge/signing';

/** A status's signature, checked: trusted, or why not (for the log and the dealer's notice). */
export interface TakeOverCheck {
  readonly trusted: boolean;
  /**
   * Signed by a key the keypad trusts, and not one of its own, however old: what a keypad starting on the table
   * asks of the online status retained there (another keypad serving for hours said it hours ago).
   */
  readonly signed: boolean;
  readonly reason: string;
}

export interface TakeOverTrustOptions {
  /** The keypad's own key; without one, nothing is trusted (and `table-holder.ts` does not ask). */
  readonly signingKey?: SigningKey;
  /** The public keys of the other controllers allowed to take the table over (`--trust-key FILE`). */
  readonly trustKeys?: readonly KeyObject[];
  /** The table's `controller/status` topic: the signature covers it. */
  readonly topic: string;
  readonly now: () => Date;
  /** Whether a status is one this keypad published (any run): never another's take-over. */
  readonly ours: (s: ControllerStatus) => boolean;
}

/** How far a take-over's stamp may be from the keypad's clock, either way: the boards' window for signed commands. */
export const TAKE_OVER_WINDOW_MS = COMMAND_WINDOW_MS;

/** The check of a status arriving on the table's status topic. */
export function takeOverTrust(o: TakeOverTrustOptions): (s: ControllerStatus) => TakeOverCheck {
  const keyring = new Keyring({
    controller: [...(o.signingKey ? [o.signingKey.publicKey] : []), ...(o.trustKeys ?? [])],
  });
  return (s) => {
    const sig = (s as { sig?: Signature }).sig;
    let r;
    try {
      r = keyring.check('controllerStatus', o.topic, s);
    } catch (e) {
      // The watch checks a status's fields, not its `sig`'s shape (a board's schema does): one it cannot even read.
      return { trusted: false, signed: false, reason: `a signature that cannot be read: ${(e as Error).message}` };
    }
    if (r.status === 'verified') {
      if (o.ours(s))
        return { trusted: false, signed: false, reason: `a status of this keypad's own (${s.timestamp}), sent again` };
      const off = Date.parse(s.timestamp) - o.now().getTime();
      if (!(Math.abs(off) <= TAKE_OVER_WINDOW_MS))
        return {
          trusted: false,
          signed: true,
          reason: `signed by trusted key ${r.kid} but stamped ${s.timestamp}: not fresh`,
        };
      return { trusted: true, signed: true, reason: `signed by trusted key ${r.kid}` };
    }
    if (r.status === 'bad') return { trusted: false, signed: false, reason: r.reason };
    if (!sig) return { trusted: false, signed: false, reason: 'unsigned' };
    return {
      trusted: false,
      signed: false,
      reason: `signed by key ${String(sig.kid)}, which this keypad does not trust (--trust-key)`,
    };
  };
}
