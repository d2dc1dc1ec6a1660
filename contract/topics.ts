/**
 * The MQTT topics of the contract: where each payload kind lives, its QoS and retain flag, builders for topics and
 * subscription filters, and `parseTopic` to map a received topic back to its kind and id.
 *
 * ```ts
 * const t = topics('baccarat'); t.tableHand('T12'); // 'baccarat/tables/T12/hand'
 * parseTopic('baccarat', 'baccarat/displays/D7/command'); // ok({ kind: 'displayCommand', displayId: 'D7' })
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';
import { isId, type MessageKind } from './schemas/index';

/** The default topic root. */
export const DEFAULT_ROOT = 'baccarat';

/** Who publishes a topic: the table controller, the casino's management system, a board, or the fleet tool. */
export type Publisher = 'controller' | 'management' | 'board' | 'fleet';

export interface TopicSpec {
  /** Topic levels under the root; `{tableId}` and `{displayId}` stand for one id level. */
  readonly levels: readonly string[];
  readonly param: 'tableId' | 'displayId' | null;
  readonly qos: 0 | 1 | 2;
  readonly retain: boolean;
  readonly publisher: Publisher;
  readonly description: string;
}

/** Every topic of the contract, one per payload kind. The `satisfies` makes a forgotten kind a compile error. */
export const TOPIC_SPECS = {
  hand: {
    levels: ['tables', '{tableId}', 'hand'],
    param: 'tableId',
    qos: 1,
    retain: false,
    publisher: 'controller',
    description: 'A completed coup.',
  },
  event: {
    levels: ['tables', '{tableId}', 'event'],
    param: 'tableId',
    qos: 1,
    retain: false,
    publisher: 'controller',
    description: 'Table events: shoe start, shuffle, burn, betting, cut card, void hands and rounds, corrections…',
  },
  shoe: {
    levels: ['tables', '{tableId}', 'shoe'],
    param: 'tableId',
    qos: 1,
    retain: true,
    publisher: 'controller',
    description: 'Snapshot of the whole current shoe.',
  },
  signage: {
    levels: ['tables', '{tableId}', 'signage'],
    param: 'tableId',
    qos: 1,
    retain: true,
    publisher: 'management',
    description: "The table's signs: limits, variant and pay table, side bets, language, message.",
  },
  controllerStatus: {
    levels: ['tables', '{tableId}', 'controller', 'status'],
    param: 'tableId',
    qos: 1,
    retain: true,
    publisher: 'controller',
    description: "The table controller's presence; offline is its last will.",
  },
  casinoSignage: {
    levels: ['casino', 'signage'],
    param: null,
    qos: 1,
    retain: true,
    publisher: 'management',
    description: 'Casino-wide signs, among them the Perfect Pairs pay scale.',
  },
  displayStatus: {
    levels: ['displays', '{displayId}', 'status'],
    param: 'displayId',
    qos: 1,
    retain: true,
    publisher: 'board',
    description: "A board's presence and health; offline is its last will.",
  },
  displayCommand: {
    levels: ['displays', '{displayId}', 'command'],
    param: 'displayId',
    qos: 1,
    retain: false,
    publisher: 'fleet',
    description: 'Fleet commands to one board: identify, about, reload, resync, screenshot.',
  },
  displayScreenshot: {
    levels: ['displays', '{displayId}', 'screenshot'],
    param: 'displayId',
    qos: 1,
    retain: false,
    publisher: 'board',
    description: "A board's answer to a screenshot command: its current picture as PNG, or why there is none.",
  },
  displaySeen: {
    levels: ['displays', '{displayId}', 'seen'],
    param: 'displayId',
    qos: 0,
    retain: true,
    publisher: 'board',
    description:
      "When a board was last seen: re-stated with its status and at a clean stop, so that it outlives the board's last will.",
  },
} as const satisfies { readonly [K in MessageKind]: TopicSpec };

export const TOPIC_KINDS = Object.keys(TOPIC_SPECS) as MessageKind[];

/**
 * The pit's audit trail (`contract/schemas/audit.ts`): every sign the console and `signage` publish, who and why.
 * Not a board topic — boards neither publish nor read it — so it is not in {@link TOPIC_SPECS}, and `parseTopic`
 * does not know it. QoS 1, not retained: each console appends what it receives, and a persistent session keeps
 * what arrives while it is down.
 */
export const PIT_AUDIT_SPEC = {
  levels: ['pit', 'audit'],
  param: null,
  qos: 1,
  retain: false,
  publisher: 'management',
  description: "The pit's audit trail: one record per sign published by the console or signage.",
} as const satisfies TopicSpec;

/** The id argument a kind's topic needs: none for the casino topic, one id for the others. */
export type TopicArgs<K extends MessageKind> = (typeof TOPIC_SPECS)[K]['param'] extends null ? [] : [id: string];

/** A recognised topic: its kind and the id it names. */
export type ParsedTopic =
  | { readonly kind: 'hand' | 'event' | 'shoe' | 'signage' | 'controllerStatus'; readonly tableId: string }
  | {
      readonly kind: 'displayStatus' | 'displayCommand' | 'displayScreenshot' | 'displaySeen';
      readonly displayId: string;
    }
  | { readonly kind: 'casinoSignage' };

/** Longest accepted root, in characters. */
export const MAX_ROOT_LENGTH = 128;

/**
 * Checks a topic root: one or more non-empty levels, no wildcard (`+`, `#`), no NUL, no leading or trailing `/`,
 * and no leading `$` (broker-reserved, e.g. `$SYS`).
 */
export const parseRoot = (root: string): Result<string, string> => {
  if (root.length === 0) return err('topic root is empty');
  if (root.length > MAX_ROOT_LENGTH) return err(`topic root is longer than ${MAX_ROOT_LENGTH} characters`);
  if (/[+#]/.test(root) || root.includes('\u0000'))
    return err(`topic root "${root}" contains a wildcard (+ or #) or NUL`);
  if (root.startsWith('/') || root.endsWith('/')) return err(`topic root "${root}" starts or ends with /`);
  if (root.includes('//')) return err(`topic root "${root}" has an empty level`);
  if (root.startsWith('$')) return err(`topic root "${root}" starts with $ (reserved by brokers)`);
  return ok(root);
};

const checkedRoot = (root: string): string => {
  const r = parseRoot(root);
  if (!r.ok) throw new TypeError(r.error);
  return r.value;
};

const build = (root: string, spec: TopicSpec, id: string | undefined, wildcard = false): string =>
  [
    root,
    ...spec.levels.map((level) => {
      if (!level.startsWith('{')) return level;
      if (wildcard) return '+';
      if (id === undefined || !isId(id)) throw new TypeError(`invalid ${spec.param ?? 'id'} ${JSON.stringify(id)}`);
      return id;
    }),
  ].join('/');

/**
 * Topic builders under `root`. Throws a TypeError for an invalid root or id: both come from configuration, so
 * check them at start-up with {@link parseRoot} and `isId`.
 */
export const topics = (root: string = DEFAULT_ROOT) => {
  const r = checkedRoot(root);
  const topic = <K extends MessageKind>(kind: K, ...[id]: TopicArgs<K>): string =>
    build(r, TOPIC_SPECS[kind], id as string | undefined);
  return {
    root: r,
    topic,
    tableHand: (tableId: string) => topic('hand', tableId),
    tableEvent: (tableId: string) => topic('event', tableId),
    tableShoe: (tableId: string) => topic('shoe', tableId),
    tableSignage: (tableId: string) => topic('signage', tableId),
    controllerStatus: (tableId: string) => topic('controllerStatus', tableId),
    casinoSignage: () => topic('casinoSignage'),
    displayStatus: (displayId: string) => topic('displayStatus', displayId),
    displayCommand: (displayId: string) => topic('displayCommand', displayId),
    displayScreenshot: (displayId: string) => topic('displayScreenshot', displayId),
    displaySeen: (displayId: string) => topic('displaySeen', displayId),
    /** `{root}/pit/audit`: the pit's audit trail (not a board topic: {@link PIT_AUDIT_SPEC}). */
    pitAudit: (): string => [r, ...PIT_AUDIT_SPEC.levels].join('/'),
    /**
     * `{root}/pit/audit-keepers/{keeperId}`, retained: a console that keeps the audit log from this broker says so
     * (`AuditKeeper`, contract/schemas/audit.ts). Not a board topic either.
     */
    pitAuditKeeper: (keeperId: string): string => {
      if (!isId(keeperId)) throw new TypeError(`invalid keeper id ${JSON.stringify(keeperId)}`);
      return [r, ...PIT_AUDIT_SPEC.levels.slice(0, 1), 'audit-keepers', keeperId].join('/');
    },
    /** Filter for every console's keeper announcement: `{root}/pit/audit-keepers/+`. */
    pitAuditKeepers: (): string => [r, ...PIT_AUDIT_SPEC.levels.slice(0, 1), 'audit-keepers', '+'].join('/'),
    /** Filter for one kind on every table or display, e.g. `baccarat/tables/+/hand`. */
    filter: (kind: MessageKind): string => build(r, TOPIC_SPECS[kind], undefined, true),
    /** Filter for everything about one table, e.g. `baccarat/tables/T12/#`. */
    table: (tableId: string): string => `${build(r, TOPIC_SPECS.hand, tableId).slice(0, -'/hand'.length)}/#`,
  };
};
export type Topics = ReturnType<typeof topics>;

/** What a board subscribes to: every topic not published by boards, for its own table and display id. */
export const boardSubscriptions = (
  root: string,
  tableId: string,
  displayId: string,
): { readonly kind: MessageKind; readonly topic: string; readonly qos: 0 | 1 | 2 }[] =>
  TOPIC_KINDS.filter((kind) => TOPIC_SPECS[kind].publisher !== 'board').map((kind) => {
    const spec: TopicSpec = TOPIC_SPECS[kind];
    const id = spec.param === 'tableId' ? tableId : spec.param === 'displayId' ? displayId : undefined;
    return { kind, topic: build(checkedRoot(root), spec, id), qos: spec.qos };
  });

/** Recognises a topic of the contract under `root`, or says why it is not one. Never throws. */
export const parseTopic = (root: string, topic: string): Result<ParsedTopic, string> => {
  const r = parseRoot(root);
  if (!r.ok) return r;
  const prefix = `${root}/`;
  if (!topic.startsWith(prefix)) return err(`topic "${topic}" is not under root "${root}"`);
  const levels = topic.slice(prefix.length).split('/');
  for (const kind of TOPIC_KINDS) {
    const spec: TopicSpec = TOPIC_SPECS[kind];
    if (spec.levels.length !== levels.length) continue;
    if (!spec.levels.every((level, i) => level.startsWith('{') || level === levels[i])) continue;
    if (spec.param === null) return ok({ kind } as ParsedTopic);
    const id = levels[spec.levels.indexOf(`{${spec.param}}`)] ?? '';
    if (!isId(id)) return err(`topic "${topic}": invalid ${spec.param} "${id}"`);
    return ok({ kind, [spec.param]: id } as ParsedTopic);
  }
  return err(`unknown topic "${topic}"`);
};
