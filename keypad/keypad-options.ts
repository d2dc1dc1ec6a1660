/**
 * What a keypad is started with (`startKeypad`, the `keypad` command's options): its broker and table, its journal,
 * how its table keys rounds, its supervisors, and its signing key and the keys it trusts; and its refusal to start.
 * @packageDocumentation
 */
import type { KeyObject } from 'node:crypto';
import type { IClientOptions } from 'mqtt';
import type { Logger } from 'pino';
import type { SigningKey } from '../mqtt-bridge/signing';
import type { Keying } from './protocol';
import type { Supervisors } from './supervisors';

/** The default undo window, in s. */
export const DEFAULT_UNDO_SECONDS = 10;

export interface KeypadOptions {
  readonly broker: string | readonly string[];
  readonly tableId: string;
  readonly journalPath: string;
  readonly keying: Keying;
  readonly supervisors: Supervisors;
  readonly root?: string;
  readonly controllerId?: string; // default ctl-<table>
  readonly version: string; // reported in the controller status
  readonly undoMs?: number;
  /** The table's deck count (4 to 8), offered for a new shoe until the table's first shoe gives its own. */
  readonly decks?: number;
  readonly signingKey?: SigningKey;
  /**
   * With `signingKey`: the public keys of the other controllers (a spare keypad with a key of its own) whose signed
   * online status may take the table over. Its own key is always trusted; an online no trusted key signed is refused.
   */
  readonly trustKeys?: readonly KeyObject[];
  /** MQTT.js options of both of its clients (credentials, TLS); MQTT 5 unless `protocolVersion` says otherwise. */
  readonly mqtt?: IClientOptions;
  readonly backoff?: { readonly minMs: number; readonly maxMs: number };
  readonly now?: () => Date;
  readonly logger?: Logger;
}

/**
 * The keypad cannot start as asked, said in words, nothing published: its options against its journal (a shoe keyed
 * by cards, restarted to key outcomes), or, on a new journal, against the shoe in progress on the table (`adopt.ts`).
 */
export class KeypadStartRefused extends Error {}
