/**
 * `{root}/displays/{displayId}/screenshot` (QoS 1, not retained): a board's answer to the fleet's `screenshot`
 * command: its current picture as PNG, or why there is none. Where the picture comes from is said, never implied:
 * `window` is the kiosk window's own pixels (Electron), `rendered` is the same view drawn again by a headless
 * Chromium beside the host (browser mode, where the host cannot read the browser's pixels).
 *
 * ```ts
 * const r = parseMessage('displayScreenshot', bytes);
 * if (r.ok && r.value.ok) writeFileSync('board.png', Buffer.from(r.value.png, 'base64'));
 * ```
 * @packageDocumentation
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, SCHEMA_ID_PREFIX, Timestamp, Version, oneOf, strictObject } from './common';

/** The largest PNG a board sends, in bytes (3 MiB): 4 MiB once in base64. A 4K board is typically well under. */
export const SCREENSHOT_MAX_PNG_BYTES = 3 * 1024 * 1024;
/** The base64 length of {@link SCREENSHOT_MAX_PNG_BYTES}. */
export const SCREENSHOT_MAX_BASE64 = Math.ceil(SCREENSHOT_MAX_PNG_BYTES / 3) * 4;

/** Where a picture comes from. */
export const SCREENSHOT_SOURCES = ['window', 'rendered'] as const;
export type ScreenshotSource = (typeof SCREENSHOT_SOURCES)[number];

/** Why there is no picture. */
export const SCREENSHOT_ERRORS = ['too-large', 'unavailable', 'failed'] as const;
export type ScreenshotError = (typeof SCREENSHOT_ERRORS)[number];

const common = {
  v: Version,
  displayId: Id,
  requestId: { ...Id, description: "The screenshot command's requestId." },
  timestamp: { ...Timestamp, description: 'When the picture was taken (or the attempt failed).' },
};

export const DisplayScreenshotSchema = Type.Union(
  [
    strictObject(
      {
        ...common,
        ok: Type.Literal(true),
        width: Type.Integer({ minimum: 1, maximum: 16384, description: 'In pixels.' }),
        height: Type.Integer({ minimum: 1, maximum: 16384, description: 'In pixels.' }),
        mime: Type.Literal('image/png'),
        source: oneOf(SCREENSHOT_SOURCES, {
          description:
            "window: the kiosk window's own pixels (Electron's capturePage). rendered: the board's current view " +
            'drawn again by a headless Chromium at the size the board reported (browser mode): the same view, ' +
            "not the screen's pixels (animations, the burn-in shift and overlays may differ).",
        }),
        png: Type.String({
          maxLength: SCREENSHOT_MAX_BASE64,
          pattern: '^[A-Za-z0-9+/]*={0,2}$',
          description: `The PNG, base64 (at most ${SCREENSHOT_MAX_PNG_BYTES} bytes before encoding).`,
        }),
      },
      { title: 'picture', description: 'The picture.' },
    ),
    strictObject(
      {
        ...common,
        ok: Type.Literal(false),
        code: oneOf(SCREENSHOT_ERRORS, {
          description:
            'too-large: the PNG is over the limit; unavailable: this board cannot take one (no window, no Chromium); ' +
            'failed: the attempt failed.',
        }),
        error: Type.String({ minLength: 1, maxLength: 500, description: 'For staff, in English: why.' }),
      },
      { title: 'no picture', description: 'Why there is no picture.' },
    ),
  ],
  {
    $id: `${SCHEMA_ID_PREFIX}display-screenshot`,
    title: 'DisplayScreenshot',
    description: "A board's answer to a screenshot command: its picture, or why there is none.",
  },
);
export type DisplayScreenshot = Static<typeof DisplayScreenshotSchema>;
