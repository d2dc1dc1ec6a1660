/**
 * An HTTP fuzz for any server of the project (`serve`, `console`, a later keypad server): seeded requests
 * (http-fuzz-requests.ts, http-fuzz-raw.ts) over raw TCP, most of them pipelined on kept-alive connections for the
 * rate, the rest each on a connection of its own (garbage, broken encodings, huge headers, partial and slow
 * requests, WebSocket upgrades). It reports what came back; the caller checks the server is alive and its state
 * unchanged.
 *
 * ```ts
 * const report = await fuzzHttp(target, { seed: 'serve-1', requests: 100_000 });
 * expect(report.unanswered).toBe(0);
 * console.log(formatFuzzReport('serve', report));
 * ```
 */
import { connect, type Socket } from 'node:net';
import { createRng, type Rng } from '../../simulator/prng';
import { rawRequest } from './http-fuzz-raw';
import { pipelinedRequest, type FuzzTarget, type PipelinedRequest } from './http-fuzz-requests';

export type { FuzzTarget } from './http-fuzz-requests';

export interface FuzzOptions {
  readonly seed: string;
  readonly requests: number; // in all, pipelined and raw
  readonly rawShare?: number; // of the requests, each on its own connection; default 0.05
  readonly connections?: number; // kept-alive connections at once; default 8
  readonly batch?: number; // requests written at once on one connection; default 64
  readonly rawConcurrency?: number; // raw connections at once; default 16
}

export interface FuzzReport {
  readonly requests: number; // sent
  readonly pipelined: number;
  readonly raw: number;
  readonly answered: number; // pipelined requests answered, in order
  readonly unanswered: number; // pipelined requests on a connection the server closed first
  readonly statuses: Readonly<Record<string, number>>; // pipelined answers by status
  readonly rawStatuses: Readonly<Record<string, number>>; // raw connections by first status ('none': closed unanswered)
  readonly rawKinds: Readonly<Record<string, number>>;
  readonly connections: number;
  readonly ms: number;
}

const count = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

/**
 * Reads pipelined HTTP/1.1 responses as they arrive: the status line, then a body by Content-Length, chunked
 * encoding or none (HEAD, 1xx, 204, 304). Interim 1xx answers are skipped.
 */
class ResponseReader {
  private buf: Buffer = Buffer.alloc(0);
  private body: { kind: 'length'; left: number } | { kind: 'chunked' } | null = null;
  constructor(
    private readonly methods: string[],
    private readonly onResponse: (status: number) => void,
  ) {}

  push(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    while (this.step());
  }

  private step(): boolean {
    if (this.body?.kind === 'length') {
      const n = Math.min(this.body.left, this.buf.length);
      this.buf = this.buf.subarray(n);
      this.body.left -= n;
      if (this.body.left > 0) return false;
      this.body = null;
      return true;
    }
    if (this.body?.kind === 'chunked') {
      const eol = this.buf.indexOf('\r\n');
      if (eol < 0) return false;
      const size = parseInt(this.buf.subarray(0, eol).toString('latin1'), 16);
      if (size === 0) {
        const end = this.buf.indexOf('\r\n\r\n', eol); // the trailers' end
        if (end < 0) return false;
        this.buf = this.buf.subarray(end + 4);
        this.body = null;
        return true;
      }
      if (this.buf.length < eol + 2 + size + 2) return false;
      this.buf = this.buf.subarray(eol + 2 + size + 2);
      return true;
    }
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return false;
    const head = this.buf.subarray(0, end).toString('latin1');
    this.buf = this.buf.subarray(end + 4);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(status)) throw new Error(`not an HTTP response: ${JSON.stringify(head.slice(0, 80))}`);
    if (status >= 100 && status < 200) return true; // 100 Continue: the answer follows
    const method = this.methods.shift();
    this.onResponse(status);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (method === 'HEAD' || status === 204 || status === 304) this.body = null;
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) this.body = { kind: 'chunked' };
    else if (length) this.body = { kind: 'length', left: Number(length[1]) };
    return true;
  }
}

/**
 * Sends pipelined requests on one connection until `next` has none; resolves with the requests left unanswered, or
 * rejects if the server took none (refused the connection: it is gone).
 */
function keptAlive(
  port: number,
  next: () => PipelinedRequest[] | null,
  onStatus: (s: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const methods: string[] = [];
    let waiting = 0;
    let wrote = false;
    let done = false;
    const socket: Socket = connect(port, '127.0.0.1');
    const reader = new ResponseReader(methods, (status) => {
      onStatus(status);
      if (--waiting === 0) send();
    });
    const send = () => {
      const batch = next();
      if (batch === null) return socket.end();
      methods.push(...batch.map((r) => r.method));
      waiting = batch.length;
      wrote = true;
      socket.write(Buffer.concat(batch.map((r) => r.bytes)));
      return undefined;
    };
    socket.setNoDelay(true);
    socket.on('connect', send);
    socket.on('data', (d) => reader.push(d));
    socket.on('error', () => undefined); // a reset shows as close
    socket.on('close', () => {
      if (done) return;
      done = true;
      if (wrote) resolve(waiting);
      else reject(new Error(`127.0.0.1:${port} took no request: is the server still running?`));
    });
  });
}

/** One raw request; resolves with the first status the server answered, or 'none'. */
function rawConnection(rng: Rng, port: number, target: FuzzTarget): Promise<{ kind: string; status: string }> {
  const req = rawRequest(rng, target);
  const garbage = req.websocket ? Buffer.from(Array.from({ length: 2 + rng.int(200) }, () => rng.int(256))) : null;
  return new Promise((resolve) => {
    let got = Buffer.alloc(0);
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => socket.destroy(), 5_000); // a server that neither answers nor closes
    socket.on('error', () => undefined);
    socket.on('data', (d) => {
      got = Buffer.concat([got, d]);
      if (garbage && got.subarray(0, 12).toString('latin1') === 'HTTP/1.1 101') {
        socket.write(garbage); // frames that are not frames, on an open WebSocket
        socket.end();
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(got.subarray(0, 16).toString('latin1'))?.[1] ?? 'none';
      resolve({ kind: req.kind, status });
    });
    socket.on('connect', async () => {
      for (const [i, chunk] of req.chunks.entries()) {
        if (i > 0 && req.pauseMs > 0) await new Promise((r) => setTimeout(r, req.pauseMs));
        if (socket.destroyed) return;
        socket.write(chunk);
      }
      if (req.close === 'destroy') setTimeout(() => socket.destroy(), 1 + rng.int(10));
      else if (!req.websocket) socket.end();
      else setTimeout(() => socket.end(), 50); // a refused upgrade is closed by the server before this
    });
  });
}

/** Runs the fuzz against `target` and reports what came back. */
export async function fuzzHttp(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const rawTotal = Math.round(options.requests * (options.rawShare ?? 0.05));
  const pipelinedTotal = options.requests - rawTotal;
  const batchSize = options.batch ?? 64;
  const statuses: Record<string, number> = {};
  const rawStatuses: Record<string, number> = {};
  const rawKinds: Record<string, number> = {};
  let sent = 0;
  let answered = 0;
  let unanswered = 0;
  let connections = 0;

  // Each connection draws from its own generator, so that the bytes sent do not depend on timing.
  const lanes = options.connections ?? 8;
  const perLane = Math.ceil(pipelinedTotal / lanes);
  const lane = async (n: number) => {
    const rng = createRng(`${options.seed}/pipelined/${n}`);
    const quota = { left: Math.min(perLane, pipelinedTotal - n * perLane) }; // drawn down by the batches below
    while (quota.left > 0) {
      connections++;
      let closing = false;
      const lost = await keptAlive(
        target.port,
        () => {
          if (closing || quota.left <= 0) return null;
          const batch: PipelinedRequest[] = [];
          while (batch.length < batchSize && quota.left > 0) {
            const r = pipelinedRequest(rng, target);
            batch.push(r);
            quota.left--;
            if (r.last) break;
          }
          closing = batch.at(-1)?.last ?? false;
          sent += batch.length;
          return batch;
        },
        (status) => (answered++, count(statuses, String(status))),
      );
      unanswered += lost; // not `unanswered += await …`: that reads the total before the wait, and lanes run at once
    }
  };
  const rawLane = async (n: number, of: number) => {
    const rng = createRng(`${options.seed}/raw/${n}`);
    for (let i = n; i < rawTotal; i += of) {
      connections++;
      sent++;
      const r = await rawConnection(rng, target.port, target);
      count(rawStatuses, r.status);
      count(rawKinds, r.kind);
    }
  };
  const rawLanes = options.rawConcurrency ?? 16;
  await Promise.all([
    ...Array.from({ length: lanes }, (_, i) => lane(i)),
    ...Array.from({ length: rawLanes }, (_, i) => rawLane(i, rawLanes)),
  ]);
  return {
    requests: sent,
    pipelined: pipelinedTotal,
    raw: rawTotal,
    answered,
    unanswered,
    statuses,
    rawStatuses,
    rawKinds,
    connections,
    ms: Math.round(performance.now() - started),
  };
}

/** One paragraph for the test's output: counts, time, rate and the status codes. */
export function formatFuzzReport(name: string, r: FuzzReport): string {
  const sorted = (m: Readonly<Record<string, number>>) =>
    Object.entries(m)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  return (
    `http fuzz ${name}: ${r.requests} requests (${r.pipelined} pipelined, ${r.raw} raw) on ${r.connections} connections ` +
    `in ${(r.ms / 1000).toFixed(1)} s, ${Math.round((r.requests / r.ms) * 1000)}/s; ${r.unanswered} unanswered\n` +
    `  pipelined statuses: ${sorted(r.statuses)}\n  raw statuses: ${sorted(r.rawStatuses)}`
  );
}
