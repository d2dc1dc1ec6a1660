/**
 * A real Mosquitto 2 broker for tests: a child process on 127.0.0.1 and a free port, from a config generated in a
 * temp dir. Plain TCP listener always; optionally a TLS listener, a password file, an ACL file. Persistence is on
 * by default (the database lives in the temp dir), so `restart()` after `stop()` or `kill()` keeps persistent
 * sessions, their queued messages and retained messages. `max_queued_messages` is raised: Mosquitto's default of
 * 1000 silently drops QoS 1 messages in bursts.
 *
 * ```ts
 * const reason = mosquittoMissing();          // describe.skipIf(reason !== null)(`… (${reason})`, …)
 * const m = await startMosquitto({ users: { board: 'pw' }, acl: 'user board\ntopic read baccarat/#\n' });
 * m.url;                                      // mqtt://127.0.0.1:PORT
 * await m.kill(); await m.restart();          // SIGKILL, then the same config and port again
 * await m.close();                            // stop and remove the temp dir
 * ```
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export const MOSQUITTO = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

const onPath = (name: string): string | null => {
  for (const dir of [
    '/usr/sbin',
    '/usr/bin',
    '/usr/local/sbin',
    '/usr/local/bin',
    ...(process.env.PATH ?? '').split(delimiter),
  ]) {
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
};

/** Why these tests cannot run here (no Mosquitto binary), or null when they can. */
export function mosquittoMissing(): string | null {
  if (existsSync(MOSQUITTO)) return null;
  return `${MOSQUITTO} is not installed (apt-get install -y mosquitto; .ci/run installs it)`;
}

export interface TlsListener {
  readonly ca: string; // cafile: the CA that client certificates must chain to
  readonly cert: string; // certfile
  readonly key: string; // keyfile
  readonly requireCertificate?: boolean; // default true
}

export interface MosquittoOptions {
  /** Default: true when no users are given, else false. */
  readonly allowAnonymous?: boolean;
  /** Users and passwords for a password_file. */
  readonly users?: Readonly<Record<string, string>>;
  /** The text of an acl_file. */
  readonly acl?: string;
  /** Adds a TLS listener on a second port. */
  readonly tls?: TlsListener;
  /** Default true: persistence_location in the temp dir. */
  readonly persistence?: boolean;
  /** Seconds between saves (default 1800, Mosquitto's own), or a count of changes with autosaveOnChanges. */
  readonly autosaveInterval?: number;
  readonly autosaveOnChanges?: boolean;
  /** Default 100000. */
  readonly maxQueuedMessages?: number;
  /** More config lines, verbatim. */
  readonly extra?: readonly string[];
}

export interface Mosquitto {
  readonly port: number;
  readonly url: string;
  readonly tlsPort: number | null;
  readonly tlsUrl: string | null;
  readonly dir: string;
  readonly configFile: string;
  /** Everything the broker wrote to stderr, across restarts. */
  log(): string;
  running(): boolean;
  /** SIGTERM and wait for the exit (Mosquitto saves its database on the way out). */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit: no save, as a crash would. */
  kill(): Promise<void>;
  /** SIGSTOP: a hung broker, its sockets open and nothing answered, until {@link resume}. */
  pause(): void;
  /** SIGCONT after {@link pause}. */
  resume(): void;
  /** Stops it if it runs, then starts it again with the same config and ports; resolves once it listens. */
  restart(): Promise<void>;
  /** Stops it and removes the temp dir. */
  close(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago (Mosquitto cannot report a port it picked itself). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const canConnect = (port: number, host = '127.0.0.1'): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A password_file line. `mosquitto_passwd -b` makes it when installed; otherwise the same `$7$` format by hand:
 * PBKDF2-HMAC-SHA512, 101 iterations, a 12-byte salt, both base64 (what Mosquitto 2.0 writes and reads).
 */
export function passwordFile(path: string, users: Readonly<Record<string, string>>): void {
  const tool = onPath('mosquitto_passwd');
  const entries = Object.entries(users);
  if (tool) {
    writeFileSync(path, '');
    for (const [user, password] of entries) execFileSync(tool, ['-b', path, user, password], { stdio: 'ignore' });
    return;
  }
  writeFileSync(path, entries.map(([user, password]) => `${passwordLine(user, password)}\n`).join(''));
}

export function passwordLine(user: string, password: string, salt = randomBytes(12)): string {
  const hash = pbkdf2Sync(password, salt, 101, 64, 'sha512');
  return `${user}:$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function startMosquitto(options: MosquittoOptions = {}): Promise<Mosquitto> {
  const missing = mosquittoMissing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'bb-mosquitto-'));
  const port = await freePort();
  const tlsPort = options.tls ? await freePort() : null;
  const lines: string[] = [
    // Global settings apply to every listener.
    'per_listener_settings false',
    `allow_anonymous ${options.allowAnonymous ?? !options.users}`,
    `max_queued_messages ${options.maxQueuedMessages ?? 100_000}`,
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    'log_type notice',
    'log_type information',
    'connection_messages true',
  ];
  // Run as root, Mosquitto would drop to the user `mosquitto`, which cannot read our 0700 temp dir.
  if (process.getuid?.() === 0) lines.push('user root');
  if (options.persistence ?? true) {
    lines.push('persistence true', `persistence_location ${dir}/`, 'persistence_file mosquitto.db');
    if (options.autosaveInterval !== undefined) lines.push(`autosave_interval ${options.autosaveInterval}`);
    if (options.autosaveOnChanges) lines.push('autosave_on_changes true');
  } else lines.push('persistence false');
  if (options.users) {
    const file = join(dir, 'passwd');
    passwordFile(file, options.users);
    lines.push(`password_file ${file}`);
  }
  if (options.acl !== undefined) {
    const file = join(dir, 'acl');
    writeFileSync(file, options.acl);
    lines.push(`acl_file ${file}`);
  }
  lines.push(...(options.extra ?? []));
  lines.push(`listener ${port} 127.0.0.1`, 'protocol mqtt');
  if (options.tls && tlsPort !== null) {
    lines.push(
      `listener ${tlsPort} 127.0.0.1`,
      'protocol mqtt',
      `cafile ${options.tls.ca}`,
      `certfile ${options.tls.cert}`,
      `keyfile ${options.tls.key}`,
      `require_certificate ${options.tls.requireCertificate ?? true}`,
    );
  }
  const configFile = join(dir, 'mosquitto.conf');
  writeFileSync(configFile, `${lines.join('\n')}\n`);

  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log = '';

  const launch = async (): Promise<void> => {
    const c = spawn(MOSQUITTO, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = c;
    c.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = (await canConnect(port)) && (tlsPort === null || (await canConnect(tlsPort)));
      if (up) return;
      if (c.exitCode !== null || c.signalCode !== null || Date.now() > deadline) {
        c.kill('SIGKILL');
        throw new Error(`mosquitto did not start on port ${port}:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  const halt = async (signal: NodeJS.Signals): Promise<void> => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    c.kill(signal);
    await exited;
  };

  await launch();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    tlsPort,
    tlsUrl: tlsPort === null ? null : `mqtts://127.0.0.1:${tlsPort}`,
    dir,
    configFile,
    log: () => log,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    stop: () => halt('SIGTERM'),
    kill: () => halt('SIGKILL'),
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async restart() {
      await halt('SIGTERM');
      await launch();
    },
    async close() {
      child?.kill('SIGCONT'); // a paused broker does not act on SIGTERM
      await halt('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
