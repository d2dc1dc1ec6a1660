/**
 * Every payload kind of the MQTT contract and its schema, in one typed map.
 *
 * ```ts
 * const schema = PAYLOAD_SCHEMAS.hand; // TypeBox schema = JSON Schema; Static<typeof schema> = HandMessage
 * ```
 * @packageDocumentation
 */
import type { TSchema } from '@sinclair/typebox';
import { DisplayCommandSchema, type DisplayCommand } from './command';
import { TableEventSchema, type TableEvent } from './event';
import { HandMessageSchema, type HandMessage } from './hand';
import { DisplayScreenshotSchema, type DisplayScreenshot } from './screenshot';
import { DisplaySeenSchema, type DisplaySeen } from './seen';
import { ShoeSnapshotSchema, type ShoeSnapshot } from './shoe';
import { CasinoSignageSchema, TableSignageSchema, type CasinoSignage, type TableSignage } from './signage';
import { ControllerStatusSchema, DisplayStatusSchema, type ControllerStatus, type DisplayStatus } from './status';

/** The payload type of every message kind; a kind is also a topic kind (see `TOPIC_SPECS`). */
export interface PayloadByKind {
  hand: HandMessage;
  event: TableEvent;
  shoe: ShoeSnapshot;
  signage: TableSignage;
  casinoSignage: CasinoSignage;
  controllerStatus: ControllerStatus;
  displayStatus: DisplayStatus;
  displayCommand: DisplayCommand;
  displayScreenshot: DisplayScreenshot;
  displaySeen: DisplaySeen;
}
export type MessageKind = keyof PayloadByKind;
export type Payload = PayloadByKind[MessageKind];

/** The schema of every kind. The mapped type makes a missing kind, or a schema of the wrong type, a compile error. */
export const PAYLOAD_SCHEMAS = {
  hand: HandMessageSchema,
  event: TableEventSchema,
  shoe: ShoeSnapshotSchema,
  signage: TableSignageSchema,
  casinoSignage: CasinoSignageSchema,
  controllerStatus: ControllerStatusSchema,
  displayStatus: DisplayStatusSchema,
  displayCommand: DisplayCommandSchema,
  displayScreenshot: DisplayScreenshotSchema,
  displaySeen: DisplaySeenSchema,
} as const satisfies { readonly [K in MessageKind]: TSchema & { static: PayloadByKind[K] } };

export const MESSAGE_KINDS = Object.keys(PAYLOAD_SCHEMAS) as MessageKind[];

export * from './common';
export * from './hand';
export * from './event';
export * from './shoe';
export * from './signage';
export * from './status';
export * from './command';
export * from './screenshot';
export * from './seen';
