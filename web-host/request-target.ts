/**
 * A request's target as the project's servers route it, or null when it cannot be read: a malformed percent-escape
 * (`/%E0%A4%A`, `/%`), an overlong or otherwise invalid UTF-8 sequence (`/%C0%AE`), a NUL byte, or a target that is
 * not a path (`*`, `http://[`, `//` — which the URL parser takes for a host). The servers answer those with
 * `400 Bad Request`; an unguarded `decodeURIComponent` or `new URL` used to throw there and end the process (issue
 * 17). No imports: the Electron `app://` handler uses it too.
 *
 * ```ts
 * const target = requestTarget(req.url); // null → 400
 * target.pathname; // '/fonts/a%20b.woff2', target.path: 'fonts/a b.woff2', target.query: URLSearchParams
 * ```
 * @packageDocumentation
 */

/** A request target that was read: its path, decoded, and its query. */
export interface RequestTarget {
  /** The path as the URL parser normalises it (dot segments resolved), still percent-encoded: `/api/state`. */
  readonly pathname: string;
  /** The path decoded, without its leading slashes: `fonts/a b.woff2`; `''` for `/`. */
  readonly path: string;
  /** The query string's parameters (a malformed escape there is kept as it was sent, never thrown). */
  readonly query: URLSearchParams;
}

/**
 * A URL path decoded (`/a%20b` → `/a b`), or null when it holds a malformed escape, an invalid UTF-8 sequence or a
 * NUL byte: nothing a file name or a route can be.
 */
export function decodePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null; // URIError: a malformed escape, or bytes that are not UTF-8 (overlong forms, lone surrogates)
  }
  return decoded.includes('\0') ? null : decoded;
}

/**
 * The target of a request line (`req.url`: origin form, `/path?query`), or null when it cannot be read. Only the
 * origin form is taken: an absolute form (`http://host/path`, for proxies) or `*` (OPTIONS) is not for these servers.
 */
export function requestTarget(raw: string | undefined): RequestTarget | null {
  if (raw === undefined || !raw.startsWith('/')) return null;
  let url: URL;
  try {
    // Prefixed, not resolved against a base: `//host/x` stays a path here instead of naming a host.
    url = new URL(`http://target${raw}`);
  } catch {
    return null;
  }
  const decoded = decodePath(url.pathname);
  if (decoded === null) return null;
  return { pathname: url.pathname, path: decoded.replace(/^\/+/, ''), query: url.searchParams };
}
