/**
 * UTF-8 without Node's Buffer and without the DOM lib: `TextDecoder`/`TextEncoder` exist in Node, browsers and
 * Electron, but ES2022's lib does not declare them, and an ambient declaration would clash with `@types/node`
 * wherever both are loaded. So read them from `globalThis` through a minimal local type.
 *
 * ```ts
 * const text = decodeUtf8(bytes); // string, or undefined when the bytes are not UTF-8
 * ```
 * @packageDocumentation
 */

interface Utf8Decoder {
  decode(input: Uint8Array): string;
}
interface Utf8Encoder {
  encode(input: string): Uint8Array;
}
const codecs = globalThis as unknown as {
  TextDecoder: new (label: 'utf-8', options: { fatal: boolean }) => Utf8Decoder;
  TextEncoder: new () => Utf8Encoder;
};

const decoder = new codecs.TextDecoder('utf-8', { fatal: true });
const encoder = new codecs.TextEncoder();

/** Decodes UTF-8 (a leading BOM is dropped); `undefined` for bytes that are not UTF-8. */
export const decodeUtf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
};

/** Encodes a string as UTF-8 (lone surrogates become U+FFFD). */
export const encodeUtf8 = (text: string): Uint8Array => encoder.encode(text);

/** The UTF-8 length of `text` in bytes, without encoding it (a lone surrogate counts 3, as U+FFFD). */
export const utf8Length = (text: string): number => {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
};
