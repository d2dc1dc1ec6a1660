/** Builds dist/console/ (or `outdir`): the console page, bundled. */
export function buildConsole(options?: { outdir?: string; minify?: boolean }): Promise<{ outdir: string; ms: number }>;
