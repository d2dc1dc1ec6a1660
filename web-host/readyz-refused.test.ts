/**
 * `GET /readyz` and `/api/state` of a board whose broker refuses its credentials, through a real (in-process) broker
 * that checks them: said as a refusal (`credentials`, the fields to check), not as a broker out of reach; the board
 * keeps retrying, so a password put right on the broker recovers by itself. Found by hand: a refused board said only
 * "connecting to the broker … since …", as one whose broker is down.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthenticateError } from 'aedes';
import { describe, expect, test } from 'vitest';
import type { TableView } from '../contract/kiosk';
import { Bridge } from '../mqtt-bridge/bridge';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { testBoardConfig } from '../test/helpers/board-config';
import { cleanupList, until } from '../test/helpers/lifecycle';
import type { Readiness } from './readiness';
import { startWebHost } from './server';

const cleanups = cleanupList();

/** A broker whose one account is D1 with `password` (changed with `setPassword`), and a board logging in as D1. */
async function refusedBoard(boardPassword: string, refusal: 'not-authorized' | 'bad-password') {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  let password = 'right';
  broker.aedes.authenticate = (_client, username, given, done) => {
    if (username === 'D1' && given?.toString() === password) return done(null, true);
    if (refusal === 'not-authorized') return done(null, false); // CONNACK 5, as Mosquitto refuses a wrong password
    const e = Object.assign(new Error('bad user name or password'), { returnCode: 4 }) as AuthenticateError;
    return done(e, false);
  };
  const base = testBoardConfig(broker.url, 'bb-refused-');
  const cfg = { ...base, mqtt: { ...base.mqtt, username: 'D1', password: boardPassword } };
  const { logger } = memoryLogger();
  const bridge = new Bridge(cfg, { logger });
  await bridge.start();
  const rendererDir = mkdtempSync(join(tmpdir(), 'bb-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>board</title>');
  const host = await startWebHost({ source: bridge, host: '127.0.0.1', port: 0, token: null, rendererDir, logger });
  cleanups.push(() => host.close().then(() => bridge.stop()));
  const url = `http://127.0.0.1:${host.port}`;
  return {
    broker,
    setPassword: (p: string) => (password = p),
    ready: async () => {
      const r = await fetch(`${url}/readyz`, { headers: { accept: 'application/json' } });
      return { status: r.status, value: (await r.json()) as Readiness };
    },
    readyText: async () => (await fetch(`${url}/readyz`)).text(),
    state: async () => (await (await fetch(`${url}/api/state`)).json()) as TableView,
  };
}

describe('a board whose broker refuses its credentials', () => {
  test.each(['not-authorized', 'bad-password'] as const)(
    '%s: not ready for its credentials, in /readyz and /api/state; the password put right, it connects by itself',
    async (refusal) => {
      const b = await refusedBoard('wrong', refusal);
      await until(async () => expect((await b.ready()).value.problem).toBe('credentials'), 8000);
      const r = await b.ready();
      expect(r.status).toBe(503);
      expect(r.value.connection).toMatchObject({ state: 'connecting', refused: 'credentials' });
      expect(r.value.reason).toContain("the broker refused this board's user name or password");
      expect(r.value.reason).toContain('mqtt.password');
      expect(await b.readyText()).toMatch(
        /^not ready: connecting to the broker since .*: the broker refused this board's user name or password; .*retrying by itself\n$/,
      );
      expect((await b.state()).connection.refused).toBe('credentials');

      b.setPassword('wrong'); // the broker's account is given the board's password: it retries, and gets in
      await until(async () => expect((await b.state()).connection.state).toBe('connected'), 8000);
      const s = await b.state();
      expect(s.connection).not.toHaveProperty('refused');
      expect((await b.ready()).value.problem).toBe('no-view'); // connected; its table not heard yet
    },
  );

  test('a broker out of reach is not a refusal: problem broker, no refused', async () => {
    const b = await refusedBoard('right', 'not-authorized');
    await until(async () => expect((await b.state()).connection.state).toBe('connected'), 8000);
    await b.broker.close();
    await until(async () => expect((await b.ready()).value.problem).toBe('broker'), 8000);
    expect((await b.state()).connection).not.toHaveProperty('refused');
  });
});
