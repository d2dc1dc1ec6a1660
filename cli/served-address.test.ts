/**
 * The address `serve` prints: a token in it is masked unless standard output is a terminal (journald keeps what a
 * service prints), and an address bound to every interface is printed as one another machine can open.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startCli } from '../test/helpers/cli-process';
import { shownAddress } from './served-address';

const nic = (address: string, internal: boolean, family: 'IPv4' | 'IPv6' = 'IPv4') =>
  ({ address, internal, family }) as NetworkInterfaceInfo;
const interfaces = { lo: [nic('127.0.0.1', true)], eth0: [nic('fe80::1', false, 'IPv6'), nic('10.1.2.3', false)] };
const ctx = { tty: false, hostname: 'kiosk-3', interfaces };
const TOKEN = 'a-token-of-16-chars+';

describe('shownAddress', () => {
  test('the token is masked unless standard output is a terminal', () => {
    const url = `http://10.1.2.3:8142/#token=${encodeURIComponent(TOKEN)}`;
    expect(shownAddress(url, ctx)).toEqual({
      board: 'http://10.1.2.3:8142/#token=…',
      base: 'http://10.1.2.3:8142/',
      note: null,
    });
    expect(shownAddress(url, { ...ctx, tty: true }).board).toBe(url);
    expect(shownAddress('http://127.0.0.1:8080/', ctx)).toEqual({
      board: 'http://127.0.0.1:8080/',
      base: 'http://127.0.0.1:8080/',
      note: null,
    });
  });

  test.each([
    ['0.0.0.0', 'http://0.0.0.0:8142/', interfaces, 'http://10.1.2.3:8142/', '0.0.0.0'],
    ['::', 'http://[::]:8142/', interfaces, 'http://10.1.2.3:8142/', '::'],
    [
      'no external IPv4: the host name',
      'http://0.0.0.0:8142/',
      { lo: interfaces.lo },
      'http://kiosk-3:8142/',
      '0.0.0.0',
    ],
  ])(
    'bound to every interface (%s): an address another machine can open, and says so',
    (_, url, nics, base, listen) => {
      const shown = shownAddress(`${url}#token=${TOKEN}`, { ...ctx, interfaces: nics });
      expect(shown.board).toBe(`${base}#token=…`);
      expect(shown.base).toBe(base);
      expect(shown.note).toBe(
        `listening on every interface (${listen}): open it by any of this machine's addresses or names`,
      );
    },
  );
});

test('serve on 0.0.0.0 with a token, its output piped (as to journald): no token, no 0.0.0.0, and it still opens', async () => {
  const env = {
    BACCARAT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'bb-serve-address-')),
    BACCARAT_LOG_LEVEL: 'error',
    BACCARAT_MQTT_URLS: '',
  };
  const args = ['serve', '--table', 'T1', '--display', 'D1', '--host', '0.0.0.0', '--port', '0', '--token', TOKEN];
  const cli = await startCli(args, /board: +(http:\S+)[\s\S]*the token is not printed[^\n]*\n/, env);
  try {
    const out = cli.output();
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(encodeURIComponent(TOKEN));
    expect(out).not.toContain('0.0.0.0:');
    const board = cli.url;
    expect(board).toMatch(/^http:\/\/[^/]+:\d+\/#token=…$/);
    expect(out).toContain('(listening on every interface (0.0.0.0)');
    // The address printed answers, with the token.
    const health = await fetch(new URL('healthz', board.replace(/#.*/, '')));
    expect(await health.text()).toBe('ok\n');
  } finally {
    await cli.stop();
  }
});
