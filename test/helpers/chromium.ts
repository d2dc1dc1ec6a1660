import { CHROMIUM_FLAGS } from '../../web-host/chromium-flags.ts';
/**
 * Debian's Chromium, as every browser test, bench and screenshot here launches it (never `playwright install`):
 * headless without a sandbox (tests run as root), no GPU, and none of its background networking, which this
 * machine's closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = CHROMIUM_FLAGS;

/** Options for Playwright's `chromium.launch()`. */
export const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
