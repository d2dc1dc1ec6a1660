/** Builds dist/keypad/ (or `outdir`): the keypad page, bundled, with its fonts. Fails if a character lacks a font. */
export function buildKeypad(options?: {
  outdir?: string;
  minify?: boolean;
}): Promise<{ outdir: string; fonts: number; ms: number }>;

/** The text each language of the page draws: its table of words and the components' signs. */
export function pageTexts(): Promise<Record<string, string>>;

/** A bundled font file: its family, weight and woff2 file name. */
export interface PlannedFace {
  family: string;
  weight: number;
  name: string;
  file: string;
  ranges: [number, number][];
  rule: string;
}

/**
 * The font files each language's text needs in its keypad.css stack, and per language the characters no bundled
 * face draws (by the files' character maps).
 */
export function fontPlan(texts?: Record<string, string>): Promise<{
  faces: PlannedFace[];
  missing: Record<string, string>;
}>;
