import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeUtf8, installFastUtf8, LONG_STRING } from './utf8.server.ts';

const native = new TextEncoder();
const nativeEncode = TextEncoder.prototype.encode;
/** a long string built from generated pieces (fast-check's strings are short): repeated past LONG_STRING */
const long = (pieces: string[]) => {
  const unit = pieces.join('') || 'x';
  return unit.repeat(Math.ceil((LONG_STRING + 1) / unit.length));
};

describe('encodeUtf8', () => {
  it('gives the native encoder’s bytes for any text, one byte or two bytes per character, astral too', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('’', '—', 'é', '😀', 'Ελληνικά', '中文', '\u0000', '\uffff')), { maxLength: 20 }), (pieces) => {
        const text = long(pieces);
        const ours = encodeUtf8(text);
        expect(ours).not.toBeNull();
        expect(Buffer.from(ours!).equals(Buffer.from(native.encode(text)))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('returns a Uint8Array that owns its whole buffer, as TextEncoder does', () => {
    const out = encodeUtf8(long(['a’b']))!;
    expect(out.constructor).toBe(Uint8Array);
    expect(out.byteOffset).toBe(0);
    expect(out.buffer.byteLength).toBe(out.byteLength);
  });

  it('declines a string past its reused buffer (over 512 K characters): the native encoder takes it', () => {
    expect(encodeUtf8('a’'.repeat(300_000))).toBeNull();
    expect(encodeUtf8('a’'.repeat(200_000))).not.toBeNull();
  });

  it('declines a lone surrogate (the native encoder writes U+FFFD for it)', () => {
    expect(encodeUtf8(long(['a\ud800b']))).toBeNull();
    expect(encodeUtf8(long(['\udc00']))).toBeNull();
  });
});

describe('installFastUtf8', () => {
  it('keeps every TextEncoder’s answer byte for byte, the lone surrogates’ U+FFFD included', () => {
    installFastUtf8();
    expect(TextEncoder.prototype.encode).not.toBe(nativeEncode);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }), fc.boolean(), (pieces, makeLong) => {
        const text = makeLong ? long(pieces) : pieces.join('');
        const ours = new TextEncoder().encode(text);
        const theirs = nativeEncode.call(native, text);
        expect(ours.constructor).toBe(Uint8Array);
        expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
      }),
      { numRuns: 200 },
    );
    // what the platform's encoder accepts besides strings
    expect(Array.from(new TextEncoder().encode())).toEqual([]);
    expect(Array.from(new TextEncoder().encode(undefined))).toEqual([]);
  });
});
