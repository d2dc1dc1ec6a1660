/**
 * Signed-in sessions of the console: a random id in an HttpOnly, SameSite=Strict cookie (the page's script never
 * sees it, and no other site's page can send it), kept in memory by its SHA-256 only. A session ends when its
 * account signs out, after 30 minutes without a request unless a page of it is open, after 12 hours in any case
 * (a shift), and when its account is removed or its role changes. Failed sign-ins are throttled per account name.
 *
 * ```ts
 * const sessions = new Sessions();
 * const { cookie } = sessions.create({ name: 'alice', role: 'supervisor' });  // Set-Cookie header value
 * sessions.find(req.headers.cookie); // the session, or null
 * ```
 * @packageDocumentation
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Principal } from './accounts';

/** The cookie's name. */
export const SESSION_COOKIE = 'bb_console';

export interface SessionOptions {
  readonly idleMs?: number; // default 30 min
  readonly maxMs?: number; // default 12 h
  readonly now?: () => number;
  readonly secure?: boolean; // add `Secure` (the page is served over https, e.g. behind a TLS proxy)
}

/** One signed-in session. */
export interface Session {
  readonly key: string; // SHA-256 of the cookie's id, hex
  readonly principal: Principal;
  readonly created: number;
  lastSeen: number;
  pages: number; // open WebSockets: a page being watched keeps its session
}

const digest = (id: string) => createHash('sha256').update(id).digest('hex');

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

export class Sessions {
  private readonly byKey = new Map<string, Session>();
  private readonly idleMs: number;
  private readonly maxMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SessionOptions = {}) {
    this.idleMs = options.idleMs ?? 30 * 60_000;
    this.maxMs = options.maxMs ?? 12 * 3_600_000;
    this.now = options.now ?? Date.now;
  }

  /** A new session for `principal`, and the Set-Cookie value that carries it. */
  create(principal: Principal): { session: Session; cookie: string } {
    const id = randomBytes(32).toString('base64url');
    const t = this.now();
    const session: Session = { key: digest(id), principal, created: t, lastSeen: t, pages: 0 };
    this.byKey.set(session.key, session);
    const attrs = ['HttpOnly', 'SameSite=Strict', 'Path=/', `Max-Age=${Math.floor(this.maxMs / 1000)}`];
    if (this.options.secure) attrs.push('Secure');
    return { session, cookie: `${SESSION_COOKIE}=${id}; ${attrs.join('; ')}` };
  }

  /** The Set-Cookie value that clears the cookie. */
  static clearCookie(): string {
    return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
  }

  /** The live session a Cookie header names (and marks it seen), or null. */
  find(cookieHeader: string | undefined): Session | null {
    const id = cookieValue(cookieHeader, SESSION_COOKIE);
    if (!id || id.length > 100) return null;
    const s = this.byKey.get(digest(id));
    if (!s) return null;
    if (this.expired(s)) {
      this.byKey.delete(s.key);
      return null;
    }
    s.lastSeen = this.now();
    return s;
  }

  /** Whether a session has run out: 12 h since sign-in, or idle for 30 min with no page open. */
  expired(s: Session): boolean {
    const t = this.now();
    return t - s.created > this.maxMs || (s.pages === 0 && t - s.lastSeen > this.idleMs);
  }

  /** Ends a session. */
  end(s: Session): void {
    this.byKey.delete(s.key);
  }

  /** Whether a session is still live (not ended, not expired). */
  live(s: Session): boolean {
    return this.byKey.get(s.key) === s && !this.expired(s);
  }

  /** Every session, for the sweep that ends expired ones and those of changed accounts. */
  all(): Session[] {
    return [...this.byKey.values()];
  }
}

/**
 * Failed sign-ins per account name: after `limit` failures within `windowMs`, that name is refused for `lockMs`,
 * whatever the password. A success clears its count.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly lockMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long `name` must still wait, in ms (0: it may try). */
  wait(name: string): number {
    const t = this.now();
    const recent = (this.failures.get(name) ?? []).filter((x) => t - x < this.windowMs);
    if (recent.length === 0) this.failures.delete(name);
    else this.failures.set(name, recent);
    if (recent.length < this.limit) return 0;
    return Math.max(0, (recent.at(-1) ?? t) + this.lockMs - t);
  }

  failed(name: string): void {
    const list = this.failures.get(name) ?? [];
    list.push(this.now());
    this.failures.set(name, list.slice(-this.limit * 2));
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value ?? '');
  }

  succeeded(name: string): void {
    this.failures.delete(name);
  }
}
