import { join } from 'node:path';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../test/helpers/lifecycle';
import {
  addSupervisor,
  codeMatches,
  hashCode,
  loadSupervisors,
  LOCK_MS,
  MAX_WRONG,
  parseSupervisors,
  removeSupervisor,
  Supervisors,
  supervisorNames,
} from './supervisors';

describe('supervisor codes', () => {
  test('stored as scrypt, checked in constant time, never in clear', async () => {
    const stored = await hashCode('4821');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain('4821');
    expect(await codeMatches('4821', stored)).toBe(true);
    expect(await codeMatches('4822', stored)).toBe(false);
  });

  test(`${MAX_WRONG} wrong codes in a row lock every code for a minute; an unknown name is a wrong code`, async () => {
    let now = 0;
    const s = new Supervisors(new Map([['Lee', await hashCode('4821')]]), () => now);
    expect(await s.check('Nobody', '4821')).toBe('wrong');
    for (let i = 1; i < MAX_WRONG; i++) expect(await s.check('Lee', '0000')).toBe('wrong');
    expect(s.lockedMs()).toBe(LOCK_MS); // the page counts this down (it said only "wait a minute")
    expect(await s.check('Lee', '4821')).toBe('locked');
    now += LOCK_MS - 1_500;
    expect(s.lockedMs()).toBe(1_500);
    now += 1_500;
    expect(s.lockedMs()).toBe(0);
    expect(await s.check('Lee', '4821')).toBe('ok');
  }, 20_000);

  test('the first supervisor of a fresh machine: its folder is made, private (found by hand: ENOENT, a stack trace)', async () => {
    const dir = join(tempDir('bb-sup-'), 'config', 'baccarat-board');
    expect(await addSupervisor(join(dir, 'keypad-supervisors'), 'Lee', '4821')).toEqual({ ok: true, value: 'added' });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'keypad-supervisors')).mode & 0o777).toBe(0o600);
  });

  test('the file: add, replace, remove, list; 0600; a bad line is refused with its number', async () => {
    const file = join(tempDir('bb-sup-'), 'supervisors');
    expect(await addSupervisor(file, 'Lee', '4821')).toEqual({ ok: true, value: 'added' });
    expect(await addSupervisor(file, 'Chan', '9999')).toEqual({ ok: true, value: 'added' });
    expect(await addSupervisor(file, 'Lee', '1234')).toEqual({ ok: true, value: 'replaced' });
    expect(await addSupervisor(file, 'a:b', '1234')).toMatchObject({ ok: false });
    expect(await addSupervisor(file, 'Wong', '12')).toMatchObject({ ok: false });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await supervisorNames(file)).toEqual({ ok: true, value: ['Lee', 'Chan'] });
    const loaded = await loadSupervisors(file);
    expect(loaded.ok && (await loaded.value.check('Lee', '1234'))).toBe('ok');
    expect(await removeSupervisor(file, 'Chan')).toMatchObject({ ok: true });
    expect(readFileSync(file, 'utf8')).not.toContain('Chan');
    expect(parseSupervisors('Lee:plain-text-code\n')).toMatchObject({ ok: false, error: /line 1/ });
    expect(await loadSupervisors(join(tempDir('bb-sup-'), 'absent'))).toMatchObject({ ok: true });
  }, 20_000);

  test('a supervisor added while the keypad runs may correct at once, one removed no more (it took a restart)', async () => {
    const file = join(tempDir('bb-sup-'), 'supervisors');
    const loaded = await loadSupervisors(file); // no file yet: no supervisor, as on a fresh machine
    if (!loaded.ok) throw new Error(loaded.error);
    const running = loaded.value;
    await addSupervisor(file, 'Lee', '4821');
    expect(await running.check('Lee', '4821')).toBe('ok');
    await removeSupervisor(file, 'Lee');
    expect(await running.check('Lee', '4821')).toBe('wrong');
    await addSupervisor(file, 'Chan', '9999');
    expect(await running.check('Chan', '9999')).toBe('ok');
    writeFileSync(file, 'not a supervisors file\n'); // a file broken meanwhile: the supervisors last read stay
    expect(await running.check('Chan', '9999')).toBe('ok');
  }, 20_000);
});
