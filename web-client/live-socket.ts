/**
 * A WebSocket kept open for a browser page: the board in browser mode (renderer/socket-kiosk.ts), the signage
 * console and the dealer's keypad. When it closes it opens again after a delay that doubles from `minDelay` up to
 * `maxDelay`, with jitter (a floor of boards, or the consoles of a pit, do not all come back at once), and starts
 * again from `minDelay` once one opens. Each frame is parsed as JSON; one that is not is dropped and said on the
 * page's console, never thrown at the page. The page's `close` handler may end it instead (a session ended).
 *
 * ```ts
 * const live = new LiveSocket(() => `wss://${location.host}/live`, {
 *   message: (frame) => show(frame as Frame),
 *   close: (event) => (event.code === 4001 ? 'stop' : 'retry'),
 * });
 * live.stop();
 * ```
 * @packageDocumentation
 */

/** A WebSocket URL on the page's own host: `ws(s)://<host><path>`, with `?token=…` when there is one. */
export function pageSocketUrl(loc: Pick<Location, 'protocol' | 'host'>, path: string, token: string | null): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** What a page hears from its socket. */
export interface LiveSocketHandlers {
  /** A socket is being opened (first, or again). */
  readonly connecting?: () => void;
  /** It opened. */
  readonly open?: () => void;
  /** A frame, parsed from JSON. */
  readonly message: (frame: unknown) => void;
  /**
   * It closed (`opened`: after it had opened, or refused before): open another (`'retry'`, the default) or end
   * (`'stop'`), at once or once the page has asked its server why.
   */
  readonly close?: (
    event: { readonly code?: number },
    opened: boolean,
  ) => 'retry' | 'stop' | void | Promise<'retry' | 'stop' | void>;
}

/** Options, mostly for tests. */
export interface LiveSocketOptions {
  readonly WebSocket?: typeof WebSocket; // injectable
  readonly minDelay?: number; // first delay before opening again, in ms
  readonly maxDelay?: number; // longest delay, in ms
}

export class LiveSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly WS: typeof WebSocket;
  private readonly minDelay: number;
  private readonly maxDelay: number;

  /** Opens at once; `url` is asked again for every socket (a token may have changed). */
  constructor(
    private readonly url: string | (() => string),
    private readonly handlers: LiveSocketHandlers,
    options: LiveSocketOptions = {},
  ) {
    this.WS = options.WebSocket ?? WebSocket;
    this.minDelay = options.minDelay ?? 500;
    this.maxDelay = options.maxDelay ?? 15_000;
    this.open();
  }

  /** Whether the socket is open now. */
  get isOpen(): boolean {
    return this.socket?.readyState === 1;
  }

  /** Sends a frame if the socket is open; false if it is not (nothing is queued here). */
  send(frame: unknown): boolean {
    if (this.socket?.readyState !== 1) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Closes for good: no socket is opened again. */
  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const ws = this.socket;
    this.socket = null;
    ws?.close();
  }

  private open(): void {
    if (this.stopped) return;
    this.handlers.connecting?.();
    const ws = new this.WS(typeof this.url === 'string' ? this.url : this.url());
    this.socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.handlers.open?.();
    };
    ws.onmessage = (ev: MessageEvent) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(ev.data));
      } catch {
        console.warn('live socket: a frame that is not JSON was dropped');
        return;
      }
      this.handlers.message(frame);
    };
    ws.onclose = (ev: CloseEvent | undefined) => {
      if (this.socket !== ws) return; // stopped, or already replaced
      this.socket = null;
      void Promise.resolve(this.handlers.close?.({ code: ev?.code }, opened)).then((then) => {
        if (then !== 'stop') this.schedule();
      });
    };
    ws.onerror = () => undefined; // onclose follows
  }

  private schedule(): void {
    if (this.stopped || this.retry) return;
    const base = Math.min(this.maxDelay, this.minDelay * 2 ** this.attempt++);
    const delay = base / 2 + Math.random() * (base / 2);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open();
    }, delay);
  }
}
