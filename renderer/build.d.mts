/** Builds dist/renderer/ (see build.mjs). */
export function buildRenderer(options?: {
  outdir?: string;
  minify?: boolean;
  fonts?: boolean;
}): Promise<{ outdir: string; fontFiles: number; ms: number }>;
