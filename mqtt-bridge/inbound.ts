/**
 * What a raw MQTT message is for a board, before anything is applied: a message of its table (validated by the
 * contract), a fleet command for it, a retained message being cleared on the broker, or a rejection with its code
 * and reason. Pure; never throws.
 *
 * ```ts
 * const r = inbound(config, topic, payload, keyring); // { to: 'table', msg, json } | { to: 'command', … } | …
 * // or { to: 'pending', check, finish } while a signature is verified
 * ```
 * @packageDocumentation
 */
import { parseTopicMessage } from '../contract/mqtt';
import type { DisplayCommand, MessageKind } from '../contract/schemas';
import { parseTopic, TOPIC_SPECS, type ParsedTopic } from '../contract/topics';
import { SIGNER_OF } from '../contract/signed';
import type { Config } from './config';
import type { Pending } from './ordered-inbox';
import type { Keyring, SignatureCheck } from './signing';
import type { TableMessage } from './table-state';

export type Inbound =
  /** `verified`: signed by a key the board trusts for its role; false: unsigned, taken as `requireSignatures` allows. */
  | { readonly to: 'table'; readonly msg: TableMessage; readonly json: string; readonly verified: boolean }
  | { readonly to: 'command'; readonly command: DisplayCommand; readonly verified: boolean }
  /** An empty retained payload: MQTT's way to delete a retained message. Nothing from the table. */
  | { readonly to: 'cleared' }
  /** Refused. `ofTable` names the kind when it was a message of the board's own table (it may lack something). */
  | { readonly to: 'rejected'; readonly code: string; readonly reason: string; readonly ofTable: string | null };

type Settings = Pick<Config, 'tableId' | 'displayId'> & {
  readonly mqtt: Pick<Config['mqtt'], 'root' | 'maxPayloadBytes'>;
  readonly trust?: Pick<Config['trust'], 'requireSignatures'>;
};

/** A message whose signature is being verified: `finish` says what it is once `check` answers. */
export type PendingInbound = Pending<Inbound, SignatureCheck>;

/**
 * `keyring`: the keys the board trusts. A signature that does not verify is refused (`bad-signature`) whatever the
 * settings; an unsigned message (or one by a key the board does not know) is refused only with `requireSignatures`.
 * A signature to verify is verified off the main thread: the answer is then pending, and the caller takes the
 * messages in the order they came (mqtt-bridge/ordered-inbox.ts).
 */
export function inbound(
  config: Settings,
  topic: string,
  payload: Uint8Array,
  keyring?: Keyring,
): Inbound | PendingInbound {
  const parsed = parse(config, topic, payload);
  if ('to' in parsed) return parsed;
  const checked = keyring?.checkAsync(parsed.kind, topic, parsed.p as object) ?? { status: 'unsigned' as const };
  if (!(checked instanceof Promise)) return decide(config, parsed, checked);
  return { to: 'pending', check: checked, finish: (c) => decide(config, parsed, c) };
}

/** A message the contract took, before its signature counts. */
interface Parsed {
  readonly kind: MessageKind;
  readonly t: ParsedTopic;
  readonly p: unknown;
  readonly ours: boolean;
  readonly payload: Uint8Array;
}

function parse(config: Settings, topic: string, payload: Uint8Array): Inbound | Parsed {
  const where = parseTopic(config.mqtt.root, topic);
  if (!where.ok) return { to: 'rejected', code: 'unknown-topic', reason: where.error, ofTable: null };
  const kind = where.value.kind;
  const ours = !('tableId' in where.value) || where.value.tableId === config.tableId;
  if (payload.byteLength === 0 && TOPIC_SPECS[kind].retain) return { to: 'cleared' };
  // The contract's size limit of each kind, except the shoe snapshot's, which the configuration sets.
  const maxBytes = kind === 'shoe' ? config.mqtt.maxPayloadBytes : undefined;
  const parsed = parseTopicMessage(config.mqtt.root, topic, payload, maxBytes ? { maxBytes } : {});
  if (!parsed.ok) {
    const { code, message } = parsed.error;
    // Where the table signs everything, a message refused before its signature could be checked (unreadable, the
    // wrong shape) is not known to be the table's: like a bad signature, it never puts the board out of step (else
    // anyone who may publish could keep it "being updated" with junk). A missing result still shows as a gap.
    const table = ours && !config.trust?.requireSignatures;
    return { to: 'rejected', code, reason: message, ofTable: table ? kind : null };
  }
  return { kind, t: parsed.value.topic, p: parsed.value.payload, ours, payload };
}

function decide(config: Settings, { kind, t, p, ours, payload }: Parsed, checked: SignatureCheck): Inbound {
  if (checked.status === 'bad') return { to: 'rejected', code: 'bad-signature', reason: checked.reason, ofTable: null };
  if (checked.status === 'unsigned' && config.trust?.requireSignatures && SIGNER_OF[kind])
    return {
      to: 'rejected',
      code: 'bad-signature',
      reason: `an unsigned ${kind}: signatures are required`,
      ofTable: null,
    };
  const verified = checked.status === 'verified';
  const unknown = (reason: string): Inbound => ({ to: 'rejected', code: 'unknown-topic', reason, ofTable: null });
  if (t.kind === 'displayCommand')
    return t.displayId === config.displayId
      ? { to: 'command', command: p as DisplayCommand, verified }
      : unknown(`command for display ${t.displayId}, not ${config.displayId}`);
  if (t.kind === 'displayStatus' || t.kind === 'displayScreenshot' || t.kind === 'displaySeen')
    return unknown(`boards do not read ${t.kind}`);
  if (!ours)
    return unknown(`table ${(t as { tableId: string }).tableId} is not this board's table (${config.tableId})`);
  const json = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8');
  return { to: 'table', msg: { kind: t.kind, payload: p } as TableMessage, json, verified };
}
