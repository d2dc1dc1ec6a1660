/** Builds dist/keypad/ (or `outdir`): the keypad page, bundled, with its fonts. */
export function buildKeypad(options?: {
  outdir?: string;
  minify?: boolean;
}): Promise<{ outdir: string; fonts: number; ms: number }>;
