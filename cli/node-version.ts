/**
 * The Node.js this software needs (package.json's `engines.node`, README.md): older ones ran `npm start` without a
 * word, and failed later in ways no test covers. The command warns once, on standard error, and carries on.
 *
 * ```ts
 * nodeVersionWarning('20.19.2'); // 'baccarat-board: warning: Node.js 20.19.2 is not supported …'
 * nodeVersionWarning('22.12.0'); // null
 * ```
 * @packageDocumentation
 */

/** The oldest Node.js supported: package.json's `engines.node` is `>=` this (a test keeps the two in step). */
export const NODE_MINIMUM = '22.12';

/** Set to `off` to silence the warning where an older Node.js is run knowingly. */
export const NODE_CHECK_VARIABLE = 'BACCARAT_NODE_CHECK';

const parts = (v: string): number[] | null => {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
};

/** The warning for a Node.js older than {@link NODE_MINIMUM}; null for a supported one or a version not understood. */
export function nodeVersionWarning(version: string): string | null {
  const have = parts(version);
  const need = parts(NODE_MINIMUM)!;
  if (!have) return null;
  const older = have[0]! !== need[0]! ? have[0]! < need[0]! : have[1]! < need[1]!;
  if (!older) return null;
  return (
    `baccarat-board: warning: Node.js ${version.replace(/^v/, '')} is not supported: this software needs Node.js ` +
    `${NODE_MINIMUM} or later (package.json "engines"; an LTS line: 22, 24 or 26). It carries on, untested on this ` +
    `Node.js: install Node.js 22 or later (see README.md). ${NODE_CHECK_VARIABLE}=off silences this warning.\n`
  );
}
