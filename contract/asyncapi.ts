/**
 * Builds the AsyncAPI 3.0.0 document of the MQTT contract from the schemas, topic specs and examples, so that
 * `docs/asyncapi.yaml` is generated, never hand-edited (`asyncapi.test.ts` fails when the file is stale).
 *
 * ```sh
 * node --import tsx contract/generate-asyncapi.ts   # rewrites docs/asyncapi.yaml
 * ```
 * @packageDocumentation
 */
import { EXAMPLES } from './examples';
import { JSON_SCHEMAS } from './json-schema';
import { CONTRACT_VERSION, ID_PATTERN, type MessageKind } from './schemas/index';
import { DEFAULT_ROOT, TOPIC_KINDS, TOPIC_SPECS, type TopicSpec } from './topics';

/** The MQTT binding version the document uses (AsyncAPI bindings, mqtt 0.2.0). */
const MQTT_BINDING = '0.2.0';

const TITLES: { readonly [K in MessageKind]: string } = {
  hand: 'Hand result',
  event: 'Table event',
  shoe: 'Shoe snapshot',
  signage: 'Table signage',
  casinoSignage: 'Casino signage',
  controllerStatus: 'Controller status',
  displayStatus: 'Display status',
  displayCommand: 'Display command',
  displayScreenshot: 'Display screenshot',
  displaySeen: 'Display last seen',
};

const DESCRIPTION = `The MQTT contract between a baccarat table controller, the casino's management systems and the
baccarat-board kiosks (one per table). Payloads are UTF-8 JSON; every payload carries \`v: ${CONTRACT_VERSION}\`.

**Point of view.** Operations are written from the board's side: \`receive\` is what a board subscribes to,
\`send\` is what a board publishes. A table controller does the opposite for the table topics.

**Topic root.** Addresses below use the default root \`${DEFAULT_ROOT}\`; a deployment may configure another
root (one or more levels, no wildcards, no leading or trailing slash). Ids in topics (tableId, displayId) match
\`${ID_PATTERN}\`.

**Limits.** A board rejects a payload over 64 KiB (shoe snapshot) or 8 KiB (all others), invalid UTF-8 or JSON,
any \`v\` other than ${CONTRACT_VERSION}, and any shape error, unknown properties included; it logs and counts
the rejection (\`rejectedMessages\` in its status) and carries on.

**Ordering.** Hands are keyed by shoeId + handNo: a known key is a duplicate and is ignored; a correction event
replaces a hand; a gap (a handNo beyond the next one, or an unknown shoe) makes the board resync from the
retained shoe snapshot. Events are deduplicated by controllerId + seq. See docs/contract.md.`;

const operationId = (kind: MessageKind, action: 'send' | 'receive'): string =>
  `${action}${kind[0]?.toUpperCase() ?? ''}${kind.slice(1)}`;

const channel = (kind: MessageKind) => {
  const spec: TopicSpec = TOPIC_SPECS[kind];
  return {
    address: [DEFAULT_ROOT, ...spec.levels].join('/'),
    title: TITLES[kind],
    description: `${spec.description} QoS ${spec.qos}, ${spec.retain ? 'retained' : 'not retained'}; published by the ${spec.publisher}.`,
    ...(spec.param ? { parameters: { [spec.param]: { $ref: `#/components/parameters/${spec.param}` } } } : {}),
    messages: { [kind]: { $ref: `#/components/messages/${kind}` } },
  };
};

const operation = (kind: MessageKind) => {
  const spec: TopicSpec = TOPIC_SPECS[kind];
  const action = spec.publisher === 'board' ? 'send' : 'receive';
  return [
    operationId(kind, action),
    {
      action,
      title: `${action === 'send' ? 'Publish' : 'Receive'} ${TITLES[kind].toLowerCase()}`,
      channel: { $ref: `#/channels/${kind}` },
      messages: [{ $ref: `#/channels/${kind}/messages/${kind}` }],
      bindings: { mqtt: { qos: spec.qos, retain: spec.retain, bindingVersion: MQTT_BINDING } },
    },
  ] as const;
};

const message = (kind: MessageKind) => ({
  name: kind,
  title: TITLES[kind],
  summary: TOPIC_SPECS[kind].description,
  contentType: 'application/json',
  payload: JSON_SCHEMAS[kind],
  examples: EXAMPLES[kind].map((payload, i) => ({ name: `${kind}-${i + 1}`, payload })),
});

const lastWill = (topic: string) => ({ topic, qos: 1, retain: true });

/** The AsyncAPI document as plain data (YAML or JSON it as you like). */
export const asyncApiDocument = () => ({
  asyncapi: '3.0.0',
  info: {
    title: 'baccarat-board MQTT contract',
    version: `${CONTRACT_VERSION}.0.0`,
    description: DESCRIPTION,
  },
  defaultContentType: 'application/json',
  servers: {
    mqtt: {
      host: 'broker.casino.example:1883',
      protocol: 'mqtt',
      protocolVersion: '3.1.1',
      description: 'Plain MQTT on the table network. MQTT 5 works too; the contract uses no MQTT 5 feature.',
      security: [{ $ref: '#/components/securitySchemes/userPassword' }],
      bindings: {
        mqtt: {
          cleanSession: false,
          keepAlive: 30,
          lastWill: lastWill(`${DEFAULT_ROOT}/displays/{displayId}/status`),
          bindingVersion: MQTT_BINDING,
        },
      },
    },
    mqtts: {
      host: 'broker.casino.example:8883',
      protocol: 'secure-mqtt',
      protocolVersion: '3.1.1',
      description: 'MQTT over TLS, optionally with client certificates.',
      security: [
        { $ref: '#/components/securitySchemes/userPassword' },
        { $ref: '#/components/securitySchemes/clientCertificate' },
      ],
      bindings: {
        mqtt: {
          cleanSession: false,
          keepAlive: 30,
          lastWill: lastWill(`${DEFAULT_ROOT}/displays/{displayId}/status`),
          bindingVersion: MQTT_BINDING,
        },
      },
    },
  },
  channels: Object.fromEntries(TOPIC_KINDS.map((kind) => [kind, channel(kind)])),
  operations: Object.fromEntries(TOPIC_KINDS.map(operation)),
  components: {
    parameters: {
      tableId: { description: `The table id, matching ${ID_PATTERN}.`, examples: ['T12'] },
      displayId: { description: `The board's display id, matching ${ID_PATTERN}.`, examples: ['board-T12'] },
    },
    messages: Object.fromEntries(TOPIC_KINDS.map((kind) => [kind, message(kind)])),
    securitySchemes: {
      userPassword: { type: 'userPassword', description: 'MQTT user name and password.' },
      clientCertificate: { type: 'X509', description: 'TLS client certificate (mqtts only).' },
    },
  },
});
