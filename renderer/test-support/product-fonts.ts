/**
 * The board's own fonts, for browser tests that measure text: Noto Sans (Latin) and Noto Sans SC at the weights the
 * build bundles (renderer/build.mjs copies them from the same @fontsource packages into dist/renderer/fonts). Without
 * them a test page lays text out in the system's fallback fonts, whose lines are shorter than Noto Sans's (about
 * 1.13 em to its 1.36 at a 'normal' line height): what fits there need not fit on a board.
 *
 * ```ts
 * import '../test-support/product-fonts';   // before the board is mounted: it waits for its fonts, then draws
 * ```
 */
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/700.css';
