/**
 * The JSON Schemas of every payload, as plain JSON (TypeBox schemas are JSON Schema already; this drops TypeBox's
 * symbol keys). To dump them without a build script:
 *
 * ```sh
 * node --import tsx -e "import('./contract/json-schema.ts').then((m) => console.log(JSON.stringify(m.JSON_SCHEMAS, null, 2)))"
 * ```
 * @packageDocumentation
 */
import { MESSAGE_KINDS, PAYLOAD_SCHEMAS, type MessageKind } from './schemas/index';

/** A JSON Schema as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** `schema` as plain JSON data: symbol keys and `undefined` values dropped, a fresh copy. */
export const toJsonSchema = (schema: object): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

/** Every payload's JSON Schema, by kind. Each has `$id`, `title` and `description`. */
export const JSON_SCHEMAS: { readonly [K in MessageKind]: JsonSchema } = Object.fromEntries(
  MESSAGE_KINDS.map((kind) => [kind, toJsonSchema(PAYLOAD_SCHEMAS[kind])]),
) as { [K in MessageKind]: JsonSchema };
