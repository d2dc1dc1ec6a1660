/**
 * The page's only door out: the keypad server's API and its live WebSocket, with the token from the page's address
 * (`#token=…`) when the server has one.
 *
 * ```ts
 * const client = new KeypadClient(location);
 * client.live((view) => …, (state) => …);
 * const r = await client.act({ action: { type: 'bets-open' } });
 * ```
 * @packageDocumentation
 */
import type { ActionRequest, ActionResponse, KeypadFrame, KeypadView } from '../protocol';
import { LiveSocket, pageSocketUrl } from '../../web-client/live-socket';

/**
 * The page's own link to the keypad: `unauthorized` when the keypad refuses the page's address (401: its token is not
 * the keypad's, e.g. the keypad was started again with another `--token`); it stays so until a socket opens.
 */
export type LiveState = 'connecting' | 'open' | 'closed' | 'unauthorized';

export class KeypadClient {
  private readonly token: string | null;

  constructor(private readonly location: Location) {
    this.token = new URLSearchParams(location.hash.slice(1)).get('token');
  }

  /**
   * Keeps a WebSocket open (the pages' one LiveSocket: again within a quarter of a second, backing off to 1 s, so
   * that a dealer's keypad is back as soon as its server is) and hands over every view. Returns a stop function.
   */
  live(onView: (v: KeypadView) => void, onState: (s: LiveState) => void): () => void {
    let unauthorized = false;
    const live = new LiveSocket(
      pageSocketUrl(this.location, '/live', this.token),
      {
        connecting: () => onState(unauthorized ? 'unauthorized' : 'connecting'),
        open: () => {
          unauthorized = false;
          onState('open');
        },
        message: (frame) => {
          const f = frame as KeypadFrame | null;
          if (f?.type === 'view') onView(f.view);
        },
        close: async (_event, opened): Promise<'retry'> => {
          // Refused before it opened: a 401 looks the same from here as a keypad not up yet; ask. Either way it
          // tries again: the keypad may be started again with the token this page's address carries.
          unauthorized = !opened && (await this.refusesToken());
          onState(unauthorized ? 'unauthorized' : 'closed');
          return 'retry';
        },
      },
      { minDelay: 250, maxDelay: 1_000 },
    );
    return () => live.stop();
  }

  /** Whether the keypad answers this page's token with 401 (false when it cannot be reached: not known). */
  private async refusesToken(): Promise<boolean> {
    try {
      const res = await fetch('/api/view', { headers: this.headers() });
      return res.status === 401;
    } catch {
      return false;
    }
  }

  private headers(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  act(req: ActionRequest): Promise<ActionResponse> {
    return this.post('/api/action', req);
  }

  async recheck(): Promise<KeypadView | null> {
    const r = await this.post<KeypadView | { ok: false }>('/api/recheck', {});
    return 'v' in r ? r : null;
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.headers() },
        body: JSON.stringify(body),
      });
    } catch {
      return { ok: false, error: 'the keypad cannot be reached', code: 'unreachable' } as T;
    }
    if (res.status === 401) return { ok: false, error: `401: ${(await res.text()).trim()}`, code: 'unauthorized' } as T;
    if ((res.headers.get('content-type') ?? '').startsWith('application/json')) return (await res.json()) as T;
    return { ok: false, error: `${res.status}: ${(await res.text()).trim()}` } as T;
  }
}
