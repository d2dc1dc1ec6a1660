/**
 * What the board's configuration is: its schema (every field, its type and range), its defaults, and the
 * environment variables that set fields. Loading and checking it is config.ts's.
 * @packageDocumentation
 */
import { hostname, homedir } from 'node:os';
import { join } from 'node:path';
import { type Static, Type } from '@sinclair/typebox';
import { ID_PATTERN } from '../contract/schemas';
import { BROKER_URL_FORM } from './broker-url';

const Id = Type.String({ pattern: ID_PATTERN, description: "an id: 1 to 64 letters, digits, '_' or '-' (no spaces)" });
const Port = Type.Integer({ minimum: 0, maximum: 65535 });

export const ConfigSchema = Type.Object(
  {
    tableId: Id,
    displayId: Id,
    mqtt: Type.Object(
      {
        // Each checked by parseBrokerUrl (scheme, host, port), which says what is wrong in words.
        brokers: Type.Array(Type.String({ description: `a broker URL: ${BROKER_URL_FORM}` }), { maxItems: 16 }),
        protocolVersion: Type.Union([Type.Literal(4), Type.Literal(5)]),
        clientId: Type.String({ minLength: 1, maxLength: 128 }),
        username: Type.Optional(Type.String()),
        password: Type.Optional(Type.String()),
        root: Type.String({ minLength: 1, maxLength: 128 }),
        tls: Type.Optional(
          Type.Object(
            {
              ca: Type.Optional(Type.String()),
              cert: Type.Optional(Type.String()),
              key: Type.Optional(Type.String()),
              rejectUnauthorized: Type.Boolean(),
            },
            { additionalProperties: false },
          ),
        ),
        keepaliveSeconds: Type.Integer({ minimum: 5, maximum: 600 }),
        reconnectMinMs: Type.Integer({ minimum: 100, maximum: 60_000 }),
        reconnectMaxMs: Type.Integer({ minimum: 100, maximum: 600_000 }),
        connectTimeoutMs: Type.Integer({ minimum: 1000, maximum: 120_000 }),
        maxPayloadBytes: Type.Integer({ minimum: 1024, maximum: 1_048_576 }), // the largest shoe snapshot, in bytes
      },
      { additionalProperties: false },
    ),
    journal: Type.Object(
      { dir: Type.String({ minLength: 1 }), syncIntervalMs: Type.Integer({ minimum: 0, maximum: 60_000 }) },
      { additionalProperties: false },
    ),
    board: Type.Object(
      {
        beadLabel: Type.Union([Type.Literal('hanzi'), Type.Literal('letters'), Type.Literal('points')]),
        tail: Type.Union([Type.Literal('stay'), Type.Literal('drop')]),
        voidHandsOnRoads: Type.Boolean(),
        theme: Type.Union([Type.Literal('classic'), Type.Literal('colour-blind')]),
        orientation: Type.Union([Type.Literal('auto'), Type.Literal('landscape'), Type.Literal('portrait')]),
        logo: Type.Union([Type.String(), Type.Null()]),
        disclaimer: Type.Boolean(),
        language: Type.Union([
          Type.Literal('en'),
          Type.Literal('zh-Hans'),
          Type.Literal('zh-Hant'),
          Type.Literal('en+zh-Hans'),
          Type.Literal('en+zh-Hant'),
          Type.Null(),
        ]),
        // Where shoe records are published, e.g. https://casino.example/shoes/{tableId}/{shoeId}?digest={digest}.
        recordUrl: Type.Union([
          Type.String({
            pattern: '^https://',
            maxLength: 512,
            description: 'an https:// address of up to 512 characters, with {tableId}, {shoeId} and {digest} in it',
          }),
          Type.Null(),
        ]),
        // Above 1080p: more of the big road (more-columns) or the 1080p board larger (larger).
        highResolution: Type.Union([Type.Literal('more-columns'), Type.Literal('larger')]),
        // The ask roads: in the panel and in each road's next cell (in-place), in the panel only (panel), or off.
        askPreview: Type.Union([Type.Literal('in-place'), Type.Literal('panel'), Type.Literal('off')]),
        // Accepted and ignored, for configuration files written before notices ended with the table's events.
        noticeSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
      },
      { additionalProperties: false },
    ),
    trust: Type.Object(
      {
        requireSignatures: Type.Boolean(), // refuse what is not signed by a key below
        controllerKeys: Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { maxItems: 32 }), // Ed25519 public keys
        pitKeys: Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { maxItems: 32 }),
      },
      { additionalProperties: false },
    ),
    serve: Type.Object(
      {
        host: Type.String({ minLength: 1 }),
        port: Port,
        token: Type.Union([Type.String({ minLength: 16 }), Type.Null()]),
      },
      { additionalProperties: false },
    ),
    kiosk: Type.Object(
      {
        display: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]), // screen index; null: the primary
        devTools: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    log: Type.Object(
      {
        level: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace'].map((l) => Type.Literal(l))),
        file: Type.Union([Type.String(), Type.Null()]),
        maxBytes: Type.Integer({ minimum: 65_536, maximum: 1_073_741_824 }), // one file's cap, in bytes
        maxFiles: Type.Integer({ minimum: 1, maximum: 100 }), // files kept, the live one included
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type Config = Static<typeof ConfigSchema>;

/** The log file's caps by default: board.log and board.log.1 … .4, 10 MiB each, so 50 MiB at most. */
export const LOG_DEFAULTS = { maxBytes: 10 * 1024 * 1024, maxFiles: 5 } as const;

/** Deep-partial configuration, as written in a file. */
export type ConfigFile = { [K in keyof Config]?: Config[K] extends object ? Partial<Config[K]> : Config[K] };

const safeHost = () =>
  hostname()
    .replace(/[^A-Za-z0-9_-]/g, '-')
    .slice(0, 48) || 'board';

/** The defaults: a board for table T1 that connects to no broker (the demo starts one). */
export function defaultConfig(): Config {
  const displayId = safeHost();
  return {
    tableId: 'T1',
    displayId,
    mqtt: {
      brokers: [],
      protocolVersion: 4,
      clientId: `baccarat-board-${displayId}`,
      root: 'baccarat',
      keepaliveSeconds: 30,
      reconnectMinMs: 1000,
      reconnectMaxMs: 30_000,
      connectTimeoutMs: 10_000,
      maxPayloadBytes: 65_536,
    },
    journal: {
      dir: join(process.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'baccarat-board'),
      syncIntervalMs: 200,
    },
    board: {
      beadLabel: 'hanzi',
      tail: 'stay',
      voidHandsOnRoads: false,
      theme: 'classic',
      orientation: 'auto',
      logo: null,
      disclaimer: true,
      language: null,
      recordUrl: null,
      highResolution: 'more-columns',
      askPreview: 'in-place',
    },
    trust: { requireSignatures: false, controllerKeys: [], pitKeys: [] },
    serve: { host: '127.0.0.1', port: 8080, token: null },
    kiosk: { display: null, devTools: false },
    log: { level: 'info', file: null, ...LOG_DEFAULTS },
  };
}

/** Environment variables and the configuration path each sets. */
export const ENV_VARS: Readonly<Record<string, string>> = {
  BACCARAT_TABLE_ID: 'tableId',
  BACCARAT_DISPLAY_ID: 'displayId',
  BACCARAT_MQTT_URLS: 'mqtt.brokers', // comma-separated
  BACCARAT_MQTT_PROTOCOL: 'mqtt.protocolVersion', // 4 (MQTT 3.1.1) or 5
  BACCARAT_MQTT_CLIENT_ID: 'mqtt.clientId',
  BACCARAT_MQTT_USERNAME: 'mqtt.username',
  BACCARAT_MQTT_PASSWORD: 'mqtt.password',
  BACCARAT_MQTT_ROOT: 'mqtt.root',
  BACCARAT_MQTT_CA: 'mqtt.tls.ca',
  BACCARAT_MQTT_CERT: 'mqtt.tls.cert',
  BACCARAT_MQTT_KEY: 'mqtt.tls.key',
  BACCARAT_JOURNAL_DIR: 'journal.dir',
  BACCARAT_SERVE_HOST: 'serve.host',
  BACCARAT_SERVE_PORT: 'serve.port',
  BACCARAT_SERVE_TOKEN: 'serve.token',
  BACCARAT_LOG_LEVEL: 'log.level',
  BACCARAT_LOG_FILE: 'log.file',
  BACCARAT_REQUIRE_SIGNATURES: 'trust.requireSignatures', // true or false
  BACCARAT_CONTROLLER_KEYS: 'trust.controllerKeys', // comma-separated
  BACCARAT_PIT_KEYS: 'trust.pitKeys', // comma-separated
};
