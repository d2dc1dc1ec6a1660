/**
 * A board started on a port another program holds (found by hand: a second `serve --port 8841` beside the first)
 * died with Node's stack trace of `listen EADDRINUSE`; the keypad printed the bare code. Now each says it in words.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { untilFound } from '../test/helpers/lifecycle';
import { listen, ListenError, listenFailure } from './listen';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

describe('listenFailure', () => {
  test.each([
    ['EADDRINUSE', '127.0.0.1', /^cannot listen on 127\.0\.0\.1:8841: the port is in use by another program .*--port/],
    ['EACCES', '127.0.0.1', /^cannot listen on 127\.0\.0\.1:8841: this user may not use port 8841 /],
    [
      'EADDRNOTAVAIL',
      '10.9.9.9',
      /^cannot listen on 10\.9\.9\.9:8841: this machine has no address 10\.9\.9\.9 \(--host\)$/,
    ],
    ['ENOTFOUND', 'board-x', /^cannot listen on board-x:8841: the name board-x does not resolve/],
    ['EADDRINUSE', '::1', /^cannot listen on \[::1\]:8841: /],
    [undefined, '127.0.0.1', /^cannot listen on 127\.0\.0\.1:8841: something odd$/],
  ])('%s on %s', (code, host, words) => {
    expect(listenFailure(code, 'something odd', host, 8841)).toMatch(words);
  });
});

describe('listen', () => {
  test('a port in use is a ListenError in words; a free one listens', async () => {
    const first = createServer();
    servers.push(first);
    await listen(first, 0, '127.0.0.1');
    const port = (first.address() as AddressInfo).port;
    const second = createServer();
    servers.push(second);
    const refused = listen(second, port, '127.0.0.1');
    await expect(refused).rejects.toBeInstanceOf(ListenError);
    await expect(refused).rejects.toMatchObject({ code: 'EADDRINUSE' }); // start goes by it (below)
    await expect(refused).rejects.toThrow(`cannot listen on 127.0.0.1:${port}: the port is in use by another program`);
  });

  test('serve on a port in use: one line, exit status 1, no stack trace', async () => {
    const first = createServer();
    servers.push(first);
    await listen(first, 0, '127.0.0.1');
    const port = (first.address() as AddressInfo).port;
    const bin = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;
    const env = {
      ...process.env,
      BACCARAT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'bb-port-in-use-')),
      BACCARAT_LOG_LEVEL: 'error',
      BACCARAT_MQTT_URLS: '',
      BACCARAT_NODE_CHECK: 'off',
    };
    const child = spawn(process.execPath, [bin, 'serve', '--display', 'D1', '--port', String(port)], { env });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toBe(
      `baccarat-board serve: cannot listen on 127.0.0.1:${port}: the port is in use by another program ` +
        '(another board, console or keypad?): stop it, or choose another port (--port)\n',
    );
  });

  test('serve on a port in use never reaches the broker: the board running there keeps its connection', async () => {
    const broker = await startEmbeddedBroker();
    const clients: string[] = [];
    broker.aedes.on('client', (c) => void clients.push(c.id));
    try {
      const port = await takenPort();
      const bin = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;
      const env = {
        ...process.env,
        BACCARAT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'bb-port-in-use-')),
        BACCARAT_LOG_LEVEL: 'error',
        BACCARAT_MQTT_URLS: broker.url,
        BACCARAT_NODE_CHECK: 'off',
      };
      const child = spawn(process.execPath, [bin, 'serve', '--display', 'D1', '--port', String(port)], { env });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      expect(await new Promise<number | null>((resolve) => child.once('exit', resolve))).toBe(1);
      expect(err).toMatch(/^baccarat-board serve: cannot listen on 127\.0\.0\.1:\d+: the port is in use/);
      expect(clients).toEqual([]); // it never connected, as board D1's client id or any other
    } finally {
      await broker.close();
    }
  });

  /** A port held by a server of this test. */
  async function takenPort(): Promise<number> {
    const first = createServer();
    servers.push(first);
    await listen(first, 0, '127.0.0.1');
    return (first.address() as AddressInfo).port;
  }

  /** `baccarat-board start` in browser mode, its demo's state in a new directory, `env` over the test's. */
  function start(args: readonly string[], env: Record<string, string> = {}) {
    const bin = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;
    const state = mkdtempSync(join(tmpdir(), 'bb-start-port-'));
    const child = spawn(process.execPath, [bin, 'start', '--browser', '--no-open', ...args], {
      env: {
        ...process.env,
        XDG_STATE_HOME: state,
        BACCARAT_JOURNAL_DIR: join(state, 'journal'),
        BACCARAT_LOG_LEVEL: 'error',
        BACCARAT_MQTT_URLS: '',
        BACCARAT_NODE_CHECK: 'off',
        ...env,
      },
    });
    const said = { out: '', err: '' };
    child.stdout.on('data', (d: Buffer) => (said.out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (said.err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, said, exited };
  }

  test('start, its port (not given as --port) in use: takes a free one and says so, as before', async () => {
    const port = await takenPort();
    const { child, said, exited } = start([], { BACCARAT_SERVE_PORT: String(port) });
    try {
      const taken = await untilFound(
        () =>
          /The board: +http:\/\/127\.0\.0\.1:(\d+)\//.exec(said.out)?.[1] ??
          (child.exitCode === null ? null : 'exited'),
        20_000,
      );
      expect(said.out).toContain(`Port ${port} is taken; using a free one.`);
      expect(Number(taken)).not.toBe(port);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 30_000);

  test('start --port in use: its words, exit status 1, and it ends (its demo broker and table stopped)', async () => {
    const port = await takenPort();
    const { child, said, exited } = start(['--port', String(port)]);
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
    if (code === 'hung') child.kill('SIGKILL');
    expect(code).toBe(1);
    expect(said.err).toContain(`baccarat-board start: cannot listen on 127.0.0.1:${port}: the port is in use`);
  }, 20_000);
});
