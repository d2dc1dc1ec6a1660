/**
 * The keys a JSON text gives twice in one object. `JSON.parse` keeps the last silently, so a configuration file
 * edited in two places (`"keepaliveSeconds": 30` near the top, `60` further down) runs on a value its reader may not
 * see. Pure; for text that `JSON.parse` has already accepted (on other text the answer means nothing).
 *
 * ```ts
 * duplicateKeys('{"mqtt": {"root": "a",\n "root": "b"}}'); // [{ key: 'mqtt.root', lines: [1, 2] }]
 * ```
 * @packageDocumentation
 */

/** A key given more than once in one object: its dotted path, and the line of each time it is given. */
export interface DuplicateKey {
  readonly key: string; // 'mqtt.keepaliveSeconds', 'mqtt.brokers[1].x'
  readonly lines: readonly number[];
}

type Frame =
  | {
      readonly kind: 'object';
      readonly path: string;
      readonly keys: Map<string, number[]>;
      key: string | null;
      expectKey: boolean;
    }
  | { readonly kind: 'array'; readonly path: string; index: number };

const child = (parent: Frame | undefined): string => {
  if (parent === undefined) return '';
  if (parent.kind === 'array') return `${parent.path}[${parent.index}]`;
  return parent.path === '' ? (parent.key ?? '') : `${parent.path}.${parent.key ?? ''}`;
};

/** Every key given twice or more in one object: object by object as they open in the text, each key's lines. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const stack: Frame[] = [];
  const objects: Frame[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = stack.at(-1);
    if (c === '\n') line++;
    else if (c === '{') {
      const frame: Frame = { kind: 'object', path: child(top), keys: new Map(), key: null, expectKey: true };
      stack.push(frame);
      objects.push(frame);
    } else if (c === '[') stack.push({ kind: 'array', path: child(top), index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      if (top?.kind === 'array') top.index++;
      else if (top?.kind === 'object') top.expectKey = true;
    } else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        top.keys.set(key, [...(top.keys.get(key) ?? []), line]);
        top.key = key;
        top.expectKey = false;
      }
      i = end; // a string holds no newline in JSON: the line count stays right
    }
  }
  return objects.flatMap((o) =>
    o.kind !== 'object'
      ? []
      : [...o.keys]
          .filter(([, lines]) => lines.length > 1)
          .map(([key, lines]) => ({ key: o.path === '' ? key : `${o.path}.${key}`, lines })),
  );
}
