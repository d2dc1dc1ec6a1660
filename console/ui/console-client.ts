/**
 * The page's only door out: the console server's JSON API and its live WebSocket, with the token from the
 * page's address (`#token=…`) when the server has one.
 *
 * ```ts
 * const client = new ConsoleClient(location);
 * client.live((frame) => …, (state) => …);
 * const preview = await client.preview({ tableId: 'T1', changes: [['min', '500']], user: 'alice' });
 * ```
 * @packageDocumentation
 */
import type { ApplyResponse, ChangeRequest, ConsoleFrame, PreviewResponse } from '../protocol';

export type LiveState = 'connecting' | 'open' | 'closed';

/** What the sign editor needs to preview and apply a change. */
export interface ChangeApi {
  preview(req: ChangeRequest): Promise<PreviewResponse>;
  apply(req: ChangeRequest): Promise<ApplyResponse>;
}

export class ConsoleClient implements ChangeApi {
  private readonly token: string | null;
  private socket: WebSocket | null = null;
  private stopped = false;

  constructor(private readonly location: Location) {
    this.token = new URLSearchParams(location.hash.slice(1)).get('token');
  }

  /** Keeps a WebSocket open (reconnecting every 2 s) and hands over every frame. Returns a stop function. */
  live(onFrame: (f: ConsoleFrame) => void, onState: (s: LiveState) => void): () => void {
    const open = () => {
      if (this.stopped) return;
      onState('connecting');
      const scheme = this.location.protocol === 'https:' ? 'wss' : 'ws';
      const q = this.token ? `?token=${encodeURIComponent(this.token)}` : '';
      const ws = new WebSocket(`${scheme}://${this.location.host}/live${q}`);
      this.socket = ws;
      ws.onopen = () => onState('open');
      ws.onmessage = (e) => onFrame(JSON.parse(String(e.data)) as ConsoleFrame);
      ws.onclose = () => {
        onState('closed');
        if (!this.stopped) setTimeout(open, 2_000);
      };
    };
    open();
    return () => {
      this.stopped = true;
      this.socket?.close();
    };
  }

  preview(req: ChangeRequest): Promise<PreviewResponse> {
    return this.post<PreviewResponse>('/api/preview', req);
  }

  apply(req: ChangeRequest): Promise<ApplyResponse> {
    return this.post<ApplyResponse>('/api/apply', req);
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.token && { authorization: `Bearer ${this.token}` }) },
        body: JSON.stringify(body),
      });
    } catch {
      return { ok: false, field: null, message: 'the console server cannot be reached' } as T;
    }
    if ((res.headers.get('content-type') ?? '').startsWith('application/json')) return (await res.json()) as T;
    return { ok: false, field: null, message: `${res.status}: ${(await res.text()).trim()}` } as T;
  }
}
