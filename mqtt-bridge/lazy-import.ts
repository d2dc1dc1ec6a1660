/**
 * A dependency loaded when first needed, whichever way it was packaged: an ES module, a CommonJS one through
 * Node's loader, or a CommonJS one bundled by esbuild (whose dynamic import puts everything under `default`).
 *
 * ```ts
 * const { connect } = await lazyImport(() => import('mqtt'));
 * ```
 * @packageDocumentation
 */
export async function lazyImport<T extends object>(load: () => Promise<T>): Promise<T> {
  const m = (await load()) as T & { default?: T };
  const inner = m.default;
  // A namespace whose only useful member is `default` (CommonJS through a bundler): use what it holds.
  return inner !== undefined &&
    typeof inner === 'object' &&
    Object.keys(m).every((k) => k === 'default' || k === '__esModule')
    ? inner
    : m;
}
