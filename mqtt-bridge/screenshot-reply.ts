/**
 * The answer to a screenshot command, from what the host got: a PNG (checked against the contract's size limit: a
 * picture over it is a `too-large` answer that says how large, never a truncated one) or an error.
 *
 * ```ts
 * answerScreenshots(bridge, config.displayId, async () => picture); // every screenshot command, in turn
 * const reply = await screenshotReply({ displayId, requestId, now }, take); // one answer
 * ```
 * @packageDocumentation
 */
import {
  SCREENSHOT_MAX_PNG_BYTES,
  type DisplayCommand,
  type DisplayScreenshot,
  type ScreenshotError,
  type ScreenshotSource,
} from '../contract/schemas';

/** A picture as a host takes it. */
export interface Picture {
  readonly png: Uint8Array;
  readonly width: number; // px
  readonly height: number; // px
  readonly source: ScreenshotSource;
}

/** A failure the host can name: `unavailable` (it cannot take pictures at all) or `failed`. */
export class ScreenshotFailure extends Error {
  constructor(
    readonly code: Exclude<ScreenshotError, 'too-large'>,
    message: string,
  ) {
    super(message);
  }
}

interface Request {
  readonly displayId: string;
  readonly requestId: string;
  readonly now: () => Date;
}

const MIB = 1024 * 1024;
const clip = (s: string): string => (s.length > 500 ? `${s.slice(0, 497)}…` : s) || 'unknown error';

/** Takes the picture and makes the answer; never rejects. */
export async function screenshotReply(r: Request, take: () => Promise<Picture>): Promise<DisplayScreenshot> {
  const head = { v: 1 as const, displayId: r.displayId, requestId: r.requestId };
  const failed = (code: ScreenshotError, error: string): DisplayScreenshot => ({
    ...head,
    timestamp: r.now().toISOString(),
    ok: false,
    code,
    error: clip(error),
  });
  let p: Picture;
  try {
    p = await take();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return failed(e instanceof ScreenshotFailure ? e.code : 'failed', message);
  }
  if (p.png.byteLength > SCREENSHOT_MAX_PNG_BYTES)
    return failed(
      'too-large',
      `the ${p.width}×${p.height} PNG is ${(p.png.byteLength / MIB).toFixed(1)} MiB, over the limit of ` +
        `${SCREENSHOT_MAX_PNG_BYTES / MIB} MiB`,
    );
  if (p.png.byteLength === 0 || p.width < 1 || p.height < 1)
    return failed('failed', 'the picture was empty (a window not shown yet?)');
  return {
    ...head,
    timestamp: r.now().toISOString(),
    ok: true,
    width: Math.round(p.width),
    height: Math.round(p.height),
    mime: 'image/png',
    source: p.source,
    png: Buffer.from(p.png.buffer, p.png.byteOffset, p.png.byteLength).toString('base64'),
  };
}

/** What {@link answerScreenshots} needs of the bridge. */
interface CommandSource {
  on(event: 'command', listener: (c: DisplayCommand) => void): unknown;
  readonly fleet: { answer(reply: DisplayScreenshot): Promise<boolean> };
}

/**
 * Answers every screenshot command the bridge hands over with `take`, one at a time (a second command waits for
 * the first picture: never two captures, or two Chromiums, at once).
 */
export function answerScreenshots(
  bridge: CommandSource,
  displayId: string,
  take: () => Promise<Picture>,
  now: () => Date = () => new Date(),
): void {
  let queue: Promise<unknown> = Promise.resolve();
  bridge.on('command', (c) => {
    if (c.command !== 'screenshot') return;
    queue = queue.then(async () =>
      bridge.fleet.answer(await screenshotReply({ displayId, requestId: c.requestId, now }, take)),
    );
  });
}
