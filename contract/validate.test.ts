import { describe, expect, it, vi } from 'vitest';

// A sandboxed renderer's Content-Security-Policy forbids `new Function`, which TypeCompiler needs: the checks
// must then fall back to TypeBox's interpreter and give the same answers.
const compile = vi.hoisted(() =>
  vi.fn(() => {
    throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
  }),
);
vi.mock('@sinclair/typebox/compiler', () => ({ TypeCompiler: { Compile: compile } }));

const { EXAMPLES } = await import('./examples');
const { parseMessage } = await import('./mqtt');
const { MESSAGE_KINDS } = await import('./schemas/index');

describe('without TypeCompiler (CSP forbids eval)', () => {
  it.each(MESSAGE_KINDS)('%s: examples still parse', (kind) => {
    for (const example of EXAMPLES[kind]) expect(parseMessage(kind, JSON.stringify(example)).ok).toBe(true);
    expect(compile).toHaveBeenCalled();
  });
  it('invalid payloads are still rejected with their path', () => {
    const r = parseMessage('hand', JSON.stringify({ ...EXAMPLES.hand[0], playerPoints: 10 }));
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'bad-shape', message: 'hand: /playerPoints: Expected integer ≤ 9' },
    });
  });
});
