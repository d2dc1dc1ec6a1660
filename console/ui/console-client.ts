/**
 * The page's only door out: the console server's JSON API and its live WebSocket, with the token from the
 * page's address (`#token=…`) when the server has one. The session is an HttpOnly cookie the browser sends by
 * itself: this script never sees it.
 *
 * ```ts
 * const client = new ConsoleClient(location);
 * const who = await client.session();          // SessionInfo, or null: show the sign-in
 * client.live((frame) => …, (state) => …);     // 'ended' when the session ends
 * const preview = await client.preview({ tableId: 'T1', changes: [['min', '500']] });
 * const answer = await client.fleet({ displayId: 'D7', command: 'identify' }); // once the board has answered
 * ```
 * @packageDocumentation
 */
import type {
  AuditEntry,
  ApplyResponse,
  ChangeRequest,
  ConsoleFrame,
  FleetCommandRequest,
  FleetCommandResponse,
  PreviewResponse,
  SessionInfo,
} from '../protocol';
import { LiveSocket, pageSocketUrl } from '../../web-client/live-socket';

export type LiveState = 'connecting' | 'open' | 'closed' | 'ended';

/** The WebSocket close code of a page whose session ended (server.ts SESSION_ENDED). */
const SESSION_ENDED = 4401;

/** What the dialogs need to preview and apply a change. */
export interface ChangeApi {
  preview(req: ChangeRequest): Promise<PreviewResponse>;
  apply(req: ChangeRequest): Promise<ApplyResponse>;
}

/** What the board list needs to send fleet commands. */
export interface FleetApi {
  fleet(req: FleetCommandRequest): Promise<FleetCommandResponse>;
}

/** A sign-in's answer: who, or why not. */
export type LoginResult =
  { readonly ok: true; readonly session: SessionInfo } | { readonly ok: false; readonly message: string };

export class ConsoleClient implements ChangeApi, FleetApi {
  private readonly token: string | null;

  constructor(private readonly location: Location) {
    this.token = new URLSearchParams(location.hash.slice(1)).get('token');
  }

  /**
   * Keeps a WebSocket open (the pages' one LiveSocket: again within 1 s, backing off to 4 s) and hands over every
   * frame; stops, with 'ended', when the server ends the session or refuses it. Returns a stop function.
   */
  live(onFrame: (f: ConsoleFrame) => void, onState: (s: LiveState) => void): () => void {
    const live = new LiveSocket(
      pageSocketUrl(this.location, '/live', this.token),
      {
        connecting: () => onState('connecting'),
        open: () => onState('open'),
        message: (frame) => onFrame(frame as ConsoleFrame),
        close: async (event, opened) => {
          // Refused before it opened: the session may be gone (a 401 looks the same from here); ask.
          if (event.code === SESSION_ENDED || (!opened && (await this.session()) === null)) {
            onState('ended');
            return 'stop';
          }
          onState('closed');
          return 'retry';
        },
      },
      { minDelay: 1_000, maxDelay: 4_000 },
    );
    return () => live.stop();
  }

  /** Who is signed in, or null (or the server cannot say: also null, after a retry by the caller). */
  async session(): Promise<SessionInfo | null> {
    try {
      const res = await fetch('/api/session', { headers: this.headers() });
      return res.ok ? ((await res.json()) as SessionInfo) : null;
    } catch {
      return null;
    }
  }

  /** The whole audit log (`GET /api/audit`), or null when it cannot be read. */
  async audit(): Promise<readonly AuditEntry[] | null> {
    try {
      const res = await fetch('/api/audit', { headers: this.headers() });
      return res.ok ? ((await res.json()) as AuditEntry[]) : null;
    } catch {
      return null;
    }
  }

  async login(account: string, password: string): Promise<LoginResult> {
    const r = await this.post<SessionInfo | { ok: false; message: string }>('/api/login', { account, password });
    return 'account' in r ? { ok: true, session: r } : { ok: false, message: r.message };
  }

  async logout(): Promise<void> {
    await this.post('/api/logout', {});
  }

  preview(req: ChangeRequest): Promise<PreviewResponse> {
    return this.post<PreviewResponse>('/api/preview', req);
  }

  apply(req: ChangeRequest): Promise<ApplyResponse> {
    return this.post<ApplyResponse>('/api/apply', req);
  }

  /**
   * Sends a fleet command and resolves with the board's answer (up to the server's wait: 30 s for a screenshot).
   * When the console server cannot be reached, whether the command went out is unknown, and the answer says so.
   */
  async fleet(req: FleetCommandRequest): Promise<FleetCommandResponse> {
    const r = await this.post<FleetCommandResponse | { ok: false; field: null; message: string }>('/api/fleet', req);
    if (r.ok || 'outcome' in r) return r;
    return {
      ok: false,
      outcome: 'not-sent',
      field: null,
      message: `${r.message}: whether the command reached the board is unknown (see the audit log)`,
    };
  }

  private headers(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.headers() },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      return { ok: false, field: null, message: 'the console server cannot be reached' } as T;
    }
    if ((res.headers.get('content-type') ?? '').startsWith('application/json')) return (await res.json()) as T;
    return { ok: false, field: null, message: `${res.status}: ${(await res.text()).trim()}` } as T;
  }
}
