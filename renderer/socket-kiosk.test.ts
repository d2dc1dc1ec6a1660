import { afterEach, describe, expect, it } from 'vitest';
import type { SocketFrame } from '../contract/kiosk';
import { kioskToken, SocketKiosk, socketUrl } from './socket-kiosk';

/** A WebSocket stand-in: records what is sent, lets the test open, close and answer. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: SocketFrame[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as SocketFrame);
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.();
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: SocketFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const make = () =>
  new SocketKiosk('ws://host/kiosk?token=t', {
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    minDelay: 5,
    maxDelay: 20,
    requestTimeout: 500,
  });
const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  FakeSocket.all = [];
});

describe('socket URL', () => {
  it('takes the token from the hash or the query, and the scheme from the page', () => {
    expect(kioskToken({ hash: '#token=abc', search: '' })).toBe('abc');
    expect(kioskToken({ hash: '#xyz', search: '' })).toBe('xyz');
    expect(kioskToken({ hash: '', search: '?token=q1' })).toBe('q1');
    expect(kioskToken({ hash: '', search: '' })).toBeNull();
    expect(socketUrl({ protocol: 'https:', host: 'board:8443', hash: '#token=a b', search: '' })).toBe(
      'wss://board:8443/kiosk?token=a%20b',
    );
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080', hash: '', search: '' })).toBe(
      'ws://127.0.0.1:8080/kiosk',
    );
  });
});

describe('SocketKiosk', () => {
  it('delivers pushes to the subscribers of their channel', () => {
    const k = make();
    const got: unknown[] = [];
    const off = k.on('kiosk:identify', (s) => got.push(s));
    last().open();
    last().receive({ type: 'push', channel: 'kiosk:identify', args: [15] });
    off();
    last().receive({ type: 'push', channel: 'kiosk:identify', args: [20] });
    expect(got).toEqual([15]);
    k.close();
  });

  it('sends a request made before the socket opens once it opens, and resolves with the response', async () => {
    const k = make();
    const p = k.request('table:view');
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent).toEqual([{ type: 'request', id: 1, channel: 'table:view', args: [] }]);
    last().receive({ type: 'response', id: 1, result: { v: 1, seq: 3 } });
    await expect(p).resolves.toEqual({ v: 1, seq: 3 });
    k.close();
  });

  it('rejects on an error response, and on time-out', async () => {
    const k = make();
    last().open();
    const p = k.request('table:view');
    last().receive({ type: 'response', id: 1, error: 'no view' });
    await expect(p).rejects.toThrow('no view');
    await expect(k.request('table:view')).rejects.toThrow('timed out');
    k.close();
  });

  it('reconnects with back-off, resends unanswered requests and reports the link', async () => {
    const k = make();
    const link: boolean[] = [];
    k.onLink((up) => link.push(up));
    last().open();
    const p = k.request('table:view');
    const first = last();
    first.close(); // the host went away
    await tick(60);
    expect(FakeSocket.all.length).toBeGreaterThan(1);
    const second = last();
    second.open();
    expect(second.sent.map((f) => f.type)).toEqual(['request']);
    second.receive({ type: 'response', id: 1, result: null });
    await expect(p).resolves.toBeNull();
    expect(link).toEqual([true, false, true]);
    k.close();
    await tick(60);
    expect(FakeSocket.all).toHaveLength(2); // closed for good: no more attempts
  });

  it('ignores frames that are not JSON', () => {
    const k = make();
    last().open();
    expect(() => last().onmessage?.({ data: 'nonsense' })).not.toThrow();
    k.close();
  });
});
