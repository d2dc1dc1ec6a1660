/**
 * The kiosk API over a WebSocket, for browser mode (no Electron preload): `SocketFrame`s as JSON against
 * `ws(s)://<host>/kiosk?token=<token>`, kept open by the pages' one LiveSocket (back-off with jitter). Requests made while
 * the socket is down wait for it (up to a time limit). After a reconnect the board is told, so it can take a
 * fresh snapshot even if the host restarted and its `seq` started again.
 *
 * ```ts
 * const kiosk = new SocketKiosk(socketUrl(location));
 * kiosk.onLink((up) => app.hostLink = up);
 * app.api = kiosk;
 * ```
 * @packageDocumentation
 */
import type { KioskApi, PushEvents, Requests, SocketFrame } from '../contract/kiosk';
import { LiveSocket, pageSocketUrl, type LiveSocketOptions } from '../web-client/live-socket';

/** The token from `#token=…`, `#…` or `?token=…`, or null. */
export function kioskToken(loc: Pick<Location, 'hash' | 'search'>): string | null {
  const hash = loc.hash.replace(/^#/, '');
  if (hash) {
    const fromHash = new URLSearchParams(hash).get('token');
    if (fromHash) return fromHash;
    if (!hash.includes('=')) return decodeURIComponent(hash);
  }
  return new URLSearchParams(loc.search).get('token');
}

/** The socket URL of the page's host: `ws(s)://host/kiosk?token=…`. */
export function socketUrl(loc: Pick<Location, 'protocol' | 'host' | 'hash' | 'search'>): string {
  return pageSocketUrl(loc, '/kiosk', kioskToken(loc));
}

/** Options, mostly for tests. */
export interface SocketKioskOptions extends LiveSocketOptions {
  readonly requestTimeout?: number; // a request not answered by then fails, in ms
}

type Listener = (...args: unknown[]) => void;

interface Pending {
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: Error) => void;
  readonly timer: ReturnType<typeof setTimeout>;
  readonly frame: SocketFrame;
  sent: boolean;
}

export class SocketKiosk implements KioskApi {
  private readonly live: LiveSocket;
  private readonly listeners = new Map<keyof PushEvents, Set<Listener>>();
  private readonly linkListeners = new Set<(up: boolean) => void>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly requestTimeout: number;

  constructor(url: string, options: SocketKioskOptions = {}) {
    this.requestTimeout = options.requestTimeout ?? 30_000;
    this.live = new LiveSocket(
      url,
      {
        open: () => {
          for (const p of this.pending.values()) if (!p.sent) this.send(p);
          this.tellLink(true); // the board resyncs on this
        },
        message: (frame) => this.receive(frame as SocketFrame | null),
        close: () => this.dropped(),
      },
      options,
    );
  }

  on<K extends keyof PushEvents>(channel: K, listener: PushEvents[K]): () => void {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  request<K extends keyof Requests>(channel: K, ...args: Parameters<Requests[K]>): Promise<ReturnType<Requests[K]>> {
    const id = this.nextId++;
    const frame: SocketFrame = { type: 'request', id, channel, args };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`kiosk request ${channel} timed out`));
      }, this.requestTimeout);
      const p: Pending = { resolve: resolve as (v: unknown) => void, reject, timer, frame, sent: false };
      this.pending.set(id, p);
      this.send(p);
    });
  }

  /** Called with `true` when the socket (re)opens and `false` when it drops. Returns an unsubscribe. */
  onLink(listener: (up: boolean) => void): () => void {
    this.linkListeners.add(listener);
    return () => this.linkListeners.delete(listener);
  }

  /** Whether the socket to the host is open now. */
  get linked(): boolean {
    return this.live.isOpen;
  }

  /** Closes for good (no reconnect); pending requests fail. */
  close(): void {
    const was = this.live.isOpen;
    this.live.stop();
    if (was) this.dropped();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('kiosk socket closed'));
      this.pending.delete(id);
    }
  }

  /** The socket dropped: unanswered requests go again once it reopens. */
  private dropped(): void {
    for (const p of this.pending.values()) p.sent = false;
    this.tellLink(false);
  }

  private tellLink(up: boolean): void {
    for (const fn of this.linkListeners) fn(up);
  }

  private send(p: Pending): void {
    if (this.live.send(p.frame)) p.sent = true;
  }

  private receive(frame: SocketFrame | null): void {
    if (typeof frame !== 'object' || frame === null) return; // JSON, but not a frame: ignore
    if (frame.type === 'push') {
      for (const fn of this.listeners.get(frame.channel) ?? []) fn(...(Array.isArray(frame.args) ? frame.args : []));
    } else if (frame.type === 'response') {
      const p = this.pending.get(frame.id);
      if (!p) return;
      this.pending.delete(frame.id);
      clearTimeout(p.timer);
      if (frame.error !== undefined) p.reject(new Error(frame.error));
      else p.resolve(frame.result ?? null);
    }
  }
}
