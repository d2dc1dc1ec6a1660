/**
 * The Content-Security-Policy of the board's page, the same in Electron and in browser mode: only the app's own
 * scripts, styles, fonts and images; connections only back to the host that served it (browser mode's
 * WebSocket); no plugins, no frames, no inline or evaluated script.
 * @packageDocumentation
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');
