/**
 * Moves, scales and turns SVG path data (absolute commands: M L H V C Q A Z), so that shapes drawn with
 * `transform` attributes can be baked into one path: fewer elements for the browser to style, lay out and paint.
 * Only axis-aligned maps, `x' = sx·x + tx` and `y' = sy·y + ty` (a half turn is sx = sy = −1), which keep arcs
 * arcs.
 *
 * ```ts
 * transformPath('M0 0L10 0', { sx: 2, sy: 2, tx: 5, ty: 5 }); // 'M5 5L25 5'
 * ```
 * @packageDocumentation
 */

/** x' = sx·x + tx, y' = sy·y + ty. */
export interface AxisMap {
  readonly sx: number;
  readonly sy: number;
  readonly tx: number;
  readonly ty: number;
}

/** Numbers each command takes, and which of them are x / y coordinates. */
const ARGS: Readonly<Record<string, readonly ('x' | 'y' | 'rx' | 'ry' | 'keep' | 'sweep')[]>> = {
  M: ['x', 'y'],
  L: ['x', 'y'],
  H: ['x'],
  V: ['y'],
  C: ['x', 'y', 'x', 'y', 'x', 'y'],
  Q: ['x', 'y', 'x', 'y'],
  A: ['rx', 'ry', 'keep', 'keep', 'sweep', 'x', 'y'],
  Z: [],
};

const TOKEN = /([A-Za-z])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;

/** A number as short as it reads: two decimals at most, no trailing zeros. */
const fmt = (n: number): string => {
  const r = Math.round(n * 100) / 100;
  return String(Object.is(r, -0) ? 0 : r);
};

/**
 * `d` mapped by `m`. Throws on relative commands and on malformed data (path data here is the app's own, written
 * once: a mistake should fail its tests, not draw garbage).
 */
export function transformPath(d: string, m: AxisMap): string {
  const tokens = [...d.matchAll(TOKEN)].map((t) => t[0]);
  const out: string[] = [];
  let cmd = '';
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (/[A-Za-z]/.test(t)) {
      if (!(t in ARGS)) throw new Error(`transformPath: unsupported command "${t}" in "${d.slice(0, 40)}…"`);
      cmd = t;
      i++;
      out.push(cmd);
      if (cmd === 'Z') continue;
    } else if (cmd === '' || cmd === 'Z') {
      throw new Error(`transformPath: a number with no command in "${d.slice(0, 40)}…"`);
    } else {
      out.push(cmd); // numbers after a command's own: the command again (after M, a line: see below)
    }
    const args = ARGS[cmd]!;
    const values = tokens.slice(i, i + args.length);
    if (values.length < args.length || values.some((v) => /[A-Za-z]/.test(v))) {
      throw new Error(`transformPath: "${cmd}" needs ${args.length} numbers in "${d.slice(0, 40)}…"`);
    }
    i += args.length;
    out.push(
      args
        .map((kind, k) => {
          const v = Number(values[k]);
          switch (kind) {
            case 'x':
              return fmt(m.sx * v + m.tx);
            case 'y':
              return fmt(m.sy * v + m.ty);
            case 'rx':
              return fmt(Math.abs(m.sx) * v);
            case 'ry':
              return fmt(Math.abs(m.sy) * v);
            case 'sweep':
              return m.sx * m.sy < 0 ? String(1 - v) : String(v); // a mirror image turns the other way
            case 'keep':
              return values[k]!;
          }
        })
        .join(' '),
    );
    if (cmd === 'M') cmd = 'L';
  }
  return out.join('');
}

/** `a` then `b`: the map that applies `a` first. */
export const thenMap = (a: AxisMap, b: AxisMap): AxisMap => ({
  sx: b.sx * a.sx,
  sy: b.sy * a.sy,
  tx: b.sx * a.tx + b.tx,
  ty: b.sy * a.ty + b.ty,
});
