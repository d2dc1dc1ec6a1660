/**
 * The flags this project launches Debian's Chromium with, headless, wherever it does (browser mode's screenshot, the
 * tests, the benches; shared/TOOLCHAIN.md): no sandbox (it runs as root in a kiosk's service and in CI), no GPU,
 * and none of Chromium's background networking, which a casino's closed network refuses. No imports: the test
 * configuration loads it too.
 * @packageDocumentation
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
