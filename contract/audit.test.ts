/**
 * The pit's audit trail on the wire: its topic (not a board topic: boards neither subscribe nor recognise it), the
 * example in docs/contract.md, and refusals in the order of every payload's (size, JSON, version, shape).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makePitAudit, MAX_AUDIT_BYTES, parsePitAudit } from './audit';
import { boardSubscriptions, parseTopic, PIT_AUDIT_SPEC, topics } from './topics';

const doc = readFileSync(new URL('../docs/contract.md', import.meta.url), 'utf8');
const example = /<!-- pit-audit example[^>]*-->\s*```json\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
const fleetExample = /<!-- pit-audit fleet example[^>]*-->\s*```json\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

describe('{root}/pit/audit', () => {
  it('is under the root, QoS 1, not retained, and no board topic', () => {
    expect(topics('casino/floor2').pitAudit()).toBe('casino/floor2/pit/audit');
    expect([PIT_AUDIT_SPEC.qos, PIT_AUDIT_SPEC.retain]).toEqual([1, false]);
    expect(boardSubscriptions('baccarat', 'T1', 'D1').map((s) => s.topic)).not.toContain('baccarat/pit/audit');
    expect(parseTopic('baccarat', 'baccarat/pit/audit').ok).toBe(false); // a board rejects it as unknown-topic
  });

  it('the example in docs/contract.md parses, and makes the same text back', () => {
    const r = parsePitAudit(example);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.who).toEqual({ account: 'ann', role: 'supervisor', via: 'console', host: 'pit-3' });
    expect(parsePitAudit(makePitAudit(r.value))).toEqual(r);
  });

  it('the fleet-command example parses too, and a sign’s fields are no part of it', () => {
    const r = parsePitAudit(fleetExample);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ action: 'fleet-command', displayId: 'jade8-a', command: { name: 'resync' } });
    expect(parsePitAudit(makePitAudit(r.value))).toEqual(r);
    const good = JSON.parse(fleetExample) as Record<string, unknown>;
    const bad = (v: unknown) => parsePitAudit(JSON.stringify(v));
    expect(bad({ ...good, revision: { from: 1, to: 2 } })).toMatchObject({ ok: false, error: { code: 'bad-shape' } });
    expect(bad({ ...good, outcome: 'maybe' })).toMatchObject({ ok: false, error: { message: /\/outcome/ } });
    expect(bad({ ...good, command: { name: 'shrug', requestId: 'r1' } })).toMatchObject({ ok: false });
    expect(bad({ ...good, action: 'change' })).toMatchObject({ ok: false, error: { code: 'bad-shape' } });
    const { reason: _, ...unexplained } = good;
    expect(bad(unexplained).ok).toBe(true); // a reason is optional for a fleet command
  });

  it('refuses, naming why: too large, not JSON, another version, a wrong shape', () => {
    const good = JSON.parse(example) as Record<string, unknown>;
    const bad = (v: unknown) => parsePitAudit(JSON.stringify(v));
    expect(parsePitAudit('x'.repeat(MAX_AUDIT_BYTES + 1))).toMatchObject({ ok: false, error: { code: 'too-large' } });
    expect(parsePitAudit('{')).toMatchObject({ ok: false, error: { code: 'bad-json' } });
    expect(bad({ ...good, v: 2 })).toMatchObject({ ok: false, error: { code: 'unsupported-version' } });
    expect(bad({ ...good, reason: '' })).toMatchObject({ ok: false, error: { code: 'bad-shape' } });
    expect(bad({ ...good, who: { account: 'ann', via: 'telepathy' } })).toMatchObject({ ok: false });
    expect(bad({ ...good, extra: 1 })).toMatchObject({ ok: false, error: { code: 'bad-shape' } });
    expect(() => makePitAudit({ ...good, action: 'shrug' } as never)).toThrow(TypeError);
  });
});
