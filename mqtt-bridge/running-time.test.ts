import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { describe, expect, test } from 'vitest';
import { afterRunningTime, SLICE_MS, untilRunningTime } from './running-time';

const stall = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end); // the event loop blocked, as on a busy machine
};

/** Two ends of a local TCP connection: what `peer` writes reaches `client`'s socket buffer at once. */
async function socketPair() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const client = connect(port, '127.0.0.1');
  await once(client, 'connect');
  const [peer] = await accepted;
  return { server, client, peer };
}

describe('afterRunningTime', () => {
  test('runs once, after about the time asked for on an idle loop', async () => {
    const start = performance.now();
    let runs = 0;
    await new Promise<void>((resolve) => afterRunningTime(120, () => (runs++, resolve())));
    const took = performance.now() - start;
    expect(took).toBeGreaterThanOrEqual(119);
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(1);
  });

  test('a stall counts as one slice at most: the wait goes on after it', async () => {
    let done = false;
    afterRunningTime(200, () => (done = true));
    stall(400);
    await new Promise((r) => setTimeout(r, 2 * SLICE_MS));
    expect(done).toBe(false); // a plain setTimeout(200) would have run by now
    await new Promise((r) => setTimeout(r, 200));
    expect(done).toBe(true);
  });

  // The signage command's report: the casino sign had arrived while the process stalled, and the wait ended first.
  test('what arrived on a socket during a stall is read before it runs', async () => {
    const { server, client, peer } = await socketPair();
    const order: string[] = [];
    client.on('data', () => order.push('data'));
    const ran = new Promise<void>((resolve) => afterRunningTime(SLICE_MS, () => (order.push('ran'), resolve())));
    peer.write('retained sign'); // into the kernel's buffer at once
    stall(3 * SLICE_MS); // the wait's time has passed by the clock, the data unread
    await ran;
    expect(order[0]).toBe('data');
    client.destroy();
    peer.destroy();
    server.close();
  });

  test('cancelled, it never runs', async () => {
    let done = false;
    const cancel = afterRunningTime(SLICE_MS, () => (done = true));
    stall(SLICE_MS + 10);
    cancel();
    await new Promise((r) => setTimeout(r, 3 * SLICE_MS));
    expect(done).toBe(false);
  });
});

describe('untilRunningTime', () => {
  test('ends as soon as it is done', async () => {
    let done = false;
    setTimeout(() => (done = true), 30);
    const start = performance.now();
    await untilRunningTime(5_000, () => done);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  test('a stall does not use up the wait, and what arrived meanwhile is read before it gives up', async () => {
    const { server, client, peer } = await socketPair();
    let got = false;
    client.on('data', () => (got = true));
    const waited = untilRunningTime(100, () => got);
    setTimeout(() => (peer.write('retained status'), stall(300)), 0); // the status comes during a stall
    await waited;
    expect(got).toBe(true);
    client.destroy();
    peer.destroy();
    server.close();
  });
});
