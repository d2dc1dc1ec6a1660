import { describe, expect, test } from 'vitest';
import { brokerOptions } from './mqtt-session';

describe('the connection options of console, signage and fleet', () => {
  test('--password without --username is refused', () => {
    expect(brokerOptions({ broker: 'mqtt://h', password: 'p' }, {})).toEqual({
      ok: false,
      error: '--password needs --username',
    });
  });

  test('a password from $BACCARAT_CONSOLE_PASSWORD without --username names the variable, not a --password never given', () => {
    const r = brokerOptions({ broker: 'mqtt://h' }, { BACCARAT_CONSOLE_PASSWORD: 'from-the-environment' });
    expect(r).toMatchObject({ ok: false, error: /comes from \$BACCARAT_CONSOLE_PASSWORD .* needs --username/ });
    expect(r.ok || r.error).not.toMatch(/--password needs/);
  });

  test('with --username, the password from the environment is taken', () => {
    expect(
      brokerOptions({ broker: 'mqtt://h', username: 'console' }, { BACCARAT_CONSOLE_PASSWORD: 'pw' }),
    ).toMatchObject({ ok: true, value: { username: 'console', password: 'pw' } });
  });
});
