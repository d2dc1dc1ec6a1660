/**
 * The page's request, read from JSON: an action of a known type with the properties it takes, nothing else, and a
 * supervisor's name and code for the actions that need them. Never throws. The rules (is it allowed now, is the
 * result possible) are the state machine's; this only checks the shape.
 *
 * ```ts
 * parseActionRequest({ action: { type: 'card', card: '9H' } }); // ok
 * parseActionRequest({ action: { type: 'correct', handNo: 3, keyed } }); // error: a supervisor and code are needed
 * ```
 * @packageDocumentation
 */
import { OUTCOMES } from '../baccarat/types';
import { err, ok, type Result } from '../baccarat/types';
import { ANNOUNCED_REASONS, ROUND_VOID_REASONS, type ActionRequest, type KeyedResult } from './protocol';

/** A property's check, and what it allows in words (said when it fails: "'count' must be 1 to 10, not 11"). */
type Check = { readonly ok: (v: unknown) => boolean; readonly allows: string };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str: Check = {
  ok: (v) => typeof v === 'string' && v.length > 0 && v.length <= 200,
  allows: 'text of 1 to 200 characters',
};
const bool: Check = { ok: (v) => typeof v === 'boolean', allows: 'true or false' };
const int = (min: number, max: number): Check => ({
  ok: (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
  allows: `a whole number from ${min} to ${max}`,
});
const oneOf = (values: readonly string[]): Check => ({
  ok: (v) => typeof v === 'string' && values.includes(v),
  allows: `one of ${values.join(', ')}`,
});
const isCard = (v: unknown): boolean => typeof v === 'string' && /^(10|[2-9AJQKT])[SHDC]$/i.test(v);
const card: Check = { ok: isCard, allows: 'a card, rank then suit (9H, 10S, KD)' };
const cards: Check = {
  ok: (v) => Array.isArray(v) && v.length >= 4 && v.length <= 6 && v.every(isCard),
  allows: '4 to 6 cards in dealing order',
};
const point = int(0, 9);
const keyed: Check = {
  ok: (v) =>
    isObject(v) &&
    shape(
      v,
      {
        outcome: oneOf(OUTCOMES),
        playerPoints: point,
        bankerPoints: point,
        playerPair: bool,
        bankerPair: bool,
        natural: bool,
      },
      [],
    ) === null,
  allows: 'a keyed result: outcome, playerPoints and bankerPoints (0 to 9), playerPair, bankerPair, natural',
};

/** What is wrong with an object against its properties (`optional` ones may be absent), or null. */
function shape(v: Record<string, unknown>, props: Record<string, Check>, optional: readonly string[]): string | null {
  for (const k of Object.keys(v)) if (!(k in props)) return `unknown property '${k}'`;
  for (const [k, check] of Object.entries(props)) {
    if (v[k] === undefined) {
      if (optional.includes(k)) continue;
      return `'${k}' is missing`;
    }
    if (!check.ok(v[k])) return `'${k}' must be ${check.allows}, not ${JSON.stringify(v[k]) ?? String(v[k])}`;
  }
  return null;
}

/** Each action's properties besides `type`, and which of them are optional. */
const ACTIONS: Record<string, { props: Record<string, Check>; optional?: string[]; supervisor?: true }> = {
  'open-table': { props: {} },
  'close-table': { props: {} },
  'new-shoe': { props: { decks: int(4, 8) } },
  shuffle: { props: {} },
  burn: { props: { card, count: int(1, 10) } },
  'no-bet-coup': { props: {} },
  'void-hand': { props: { reason: oneOf(ANNOUNCED_REASONS) } },
  'bets-open': { props: {} },
  'no-more-bets': { props: {} },
  card: { props: { card } },
  uncard: { props: {} },
  recard: { props: { index: int(0, 5), card } },
  'cut-card': { props: { firstCardOfRound: bool } },
  result: { props: { keyed }, optional: ['keyed'] },
  undo: { props: {} },
  'cancel-undo': { props: {} },
  'round-void': { props: { reason: oneOf(ROUND_VOID_REASONS) } },
  'end-shoe': { props: {} },
  correct: {
    props: { handNo: int(1, 200), cards, keyed, note: str },
    optional: ['cards', 'keyed', 'note'],
    supervisor: true,
  },
  'void-recorded': {
    props: { handNo: int(1, 200), reason: oneOf(ROUND_VOID_REASONS), note: str },
    optional: ['note'],
    supervisor: true,
  },
  'withdraw-cut-card': { props: { note: str }, optional: ['note'], supervisor: true },
};

/** Reads the body of `POST /api/action`. */
export function parseActionRequest(body: unknown): Result<ActionRequest, string> {
  if (!isObject(body) || !isObject(body.action)) return err('send { "action": { "type": … } }');
  const { type, ...rest } = body.action;
  const spec = typeof type === 'string' ? ACTIONS[type] : undefined;
  if (!spec) return err(`unknown action ${JSON.stringify(type)}`);
  const problem = shape(rest, spec.props, spec.optional ?? []);
  if (problem) return err(`${String(type)}: ${problem}`);
  if (type === 'correct' && (rest.cards === undefined) === (rest.keyed === undefined))
    return err('correct: give the cards or the keyed result');
  const extra = Object.keys(body).filter((k) => !['action', 'supervisor', 'code'].includes(k));
  if (extra.length > 0) return err(`unknown property '${extra[0]}'`);
  if (spec.supervisor) {
    if (!str.ok(body.supervisor) || typeof body.code !== 'string' || body.code.length === 0 || body.code.length > 100)
      return err('a supervisor and their code are needed');
    return ok({ action: body.action, supervisor: body.supervisor, code: body.code } as ActionRequest);
  }
  if (body.supervisor !== undefined || body.code !== undefined) return err('this action needs no supervisor');
  return ok({ action: body.action } as ActionRequest);
}

/** The keyed result's type guard, for tests. */
export const isKeyedResult = (v: unknown): v is KeyedResult => keyed.ok(v);
