import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, pageSocketUrl, type LiveSocketHandlers } from './live-socket';

/** A WebSocket stand-in: the test opens, closes and speaks for the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const live = (handlers: Partial<LiveSocketHandlers>, url: string | (() => string) = 'ws://host/live') =>
  new LiveSocket(
    url,
    { message: () => undefined, ...handlers },
    { WebSocket: FakeSocket as unknown as typeof WebSocket, minDelay: 100, maxDelay: 400 },
  );

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(1); // no jitter: each delay is its whole base
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  FakeSocket.all = [];
});

/** The times, in ms after the first socket, at which each later one was opened, the socket closing at once. */
async function reopenTimes(count: number): Promise<number[]> {
  const times: number[] = [];
  const start = Date.now();
  for (let i = 0; i < count; i++) {
    const n = FakeSocket.all.length;
    last().close();
    await vi.advanceTimersByTimeAsync(0); // the close handler's answer
    while (FakeSocket.all.length === n) await vi.advanceTimersByTimeAsync(10);
    times.push(Date.now() - start);
  }
  return times;
}

describe('LiveSocket', () => {
  it('opens at once and hands over each frame parsed, dropping one that is not JSON', () => {
    const frames: unknown[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = live({ message: (f) => frames.push(f) });
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    expect(s.isOpen).toBe(true);
    last().onmessage!({ data: '{"type":"view","n":1}' });
    expect(() => last().onmessage!({ data: 'not json{' })).not.toThrow();
    last().onmessage!({ data: '2' });
    expect(frames).toEqual([{ type: 'view', n: 1 }, 2]);
    expect(warn).toHaveBeenCalledOnce();
    expect(s.send({ a: 1 })).toBe(true);
    expect(last().sent).toEqual(['{"a":1}']);
  });

  it('opens again after a delay that doubles up to its longest, and starts over once one opens', async () => {
    live({});
    // 100, then 200 more, then 400 more, then 400 more (the longest): 100, 300, 700, 1100.
    expect(await reopenTimes(4)).toEqual([100, 300, 700, 1100]);
    last().open(); // it opened: the next delay is the first again
    expect(await reopenTimes(2)).toEqual([100, 300]);
  });

  it('spreads a room of sockets coming back at once (jitter): each waits between half and all of its delay', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    live({});
    expect(await reopenTimes(3)).toEqual([50, 150, 350]);
  });

  it('tells the page of each state, and asks the URL again for every socket', async () => {
    const said: string[] = [];
    let token = 1;
    live(
      {
        connecting: () => said.push('connecting'),
        open: () => said.push('open'),
        close: (ev, opened) => void said.push(`closed ${ev.code} ${opened ? 'after opening' : 'refused'}`),
      },
      () => `ws://host/live?token=${token++}`,
    );
    last().open();
    last().close(1001);
    await vi.advanceTimersByTimeAsync(100);
    last().close(1006);
    expect(said).toEqual(['connecting', 'open', 'closed 1001 after opening', 'connecting', 'closed 1006 refused']);
    expect(FakeSocket.all.map((s) => s.url)).toEqual(['ws://host/live?token=1', 'ws://host/live?token=2']);
  });

  it('ends when the page says so, at once or once it has asked its server', async () => {
    live({ close: (ev) => (ev.code === 4401 ? 'stop' : 'retry') });
    last().close(4401);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.all).toHaveLength(1);

    FakeSocket.all = [];
    let answer: (v: 'stop' | 'retry') => void = () => undefined;
    live({ close: () => new Promise((r) => (answer = r)) });
    last().close();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.all).toHaveLength(1); // still asking
    answer('retry');
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stops for good: no socket opens again, and the page hears no close of its own making', async () => {
    const close = vi.fn();
    const s = live({ close });
    last().open();
    s.stop();
    expect(last().readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(close).not.toHaveBeenCalled();
    expect(s.isOpen).toBe(false);
    expect(s.send({ a: 1 })).toBe(false);
  });
});

describe('pageSocketUrl', () => {
  it("is on the page's own host, wss under https, with the token escaped when there is one", () => {
    expect(pageSocketUrl({ protocol: 'https:', host: 'pit:8443' }, '/live', 'a b&c')).toBe(
      'wss://pit:8443/live?token=a%20b%26c',
    );
    expect(pageSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, '/kiosk', null)).toBe(
      'ws://127.0.0.1:8080/kiosk',
    );
  });
});
