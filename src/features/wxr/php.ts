/**
 * PHP's `serialize` format, as WordPress stores arrays in post meta (Contact Form 7's mail and
 * messages, attachment metadata). Strings are measured in UTF-8 bytes, as PHP counts them.
 */
export type PhpValue = string | number | boolean | null | PhpValue[] | { [key: string]: PhpValue };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Parses a serialized value; answers null for anything that is not one (plain text stays text for the caller). */
export function unserialize(text: string): PhpValue | undefined {
  const bytes = encoder.encode(text.trim());
  let pos = 0;
  const fail = (): never => {
    throw new SyntaxError(`Not a serialized PHP value (at byte ${pos}).`);
  };
  const readUntil = (ch: string) => {
    const code = ch.charCodeAt(0);
    const end = bytes.indexOf(code, pos);
    if (end < 0) fail();
    const s = decoder.decode(bytes.subarray(pos, end));
    pos = end + 1;
    return s;
  };
  const expect = (ch: string) => {
    if (bytes[pos] !== ch.charCodeAt(0)) fail();
    pos++;
  };
  const value = (): PhpValue => {
    const type = String.fromCharCode(bytes[pos] ?? 0);
    pos++;
    if (type === 'N') {
      expect(';');
      return null;
    }
    expect(':');
    switch (type) {
      case 'b':
        return readUntil(';') === '1';
      case 'i':
      case 'd': {
        const n = Number(readUntil(';'));
        if (!Number.isFinite(n)) fail();
        return n;
      }
      case 's': {
        const len = Number(readUntil(':'));
        expect('"');
        if (!Number.isInteger(len) || pos + len > bytes.length) fail();
        const s = decoder.decode(bytes.subarray(pos, pos + len));
        pos += len;
        expect('"');
        expect(';');
        return s;
      }
      case 'a': {
        const count = Number(readUntil(':'));
        expect('{');
        const entries: [string | number, PhpValue][] = [];
        for (let i = 0; i < count; i++) {
          const k = value();
          if (typeof k !== 'string' && typeof k !== 'number') fail();
          entries.push([k as string | number, value()]);
        }
        expect('}');
        const isList = entries.every(([k], i) => k === i);
        return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries.map(([k, v]) => [String(k), v]));
      }
      default:
        return fail();
    }
  };
  try {
    const v = value();
    return pos === bytes.length ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Serializes strings, numbers, booleans, lists and string-keyed objects. */
export function serialize(v: PhpValue): string {
  if (v === null) return 'N;';
  if (typeof v === 'boolean') return `b:${v ? 1 : 0};`;
  if (typeof v === 'number') return Number.isInteger(v) ? `i:${v};` : `d:${v};`;
  if (typeof v === 'string') return `s:${encoder.encode(v).length}:"${v}";`;
  const entries: [string | number, PhpValue][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  return `a:${entries.length}:{${entries.map(([k, x]) => `${typeof k === 'number' ? `i:${k};` : serialize(k)}${serialize(x)}`).join('')}}`;
}
