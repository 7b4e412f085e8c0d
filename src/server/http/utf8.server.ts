import { transcode } from 'node:buffer';

/**
 * UTF-8 encoding of rendered pages, faster (issue 14, part 1).
 *
 * Astro encodes every rendered page with a `TextEncoder` of its own (`renderPage`: the whole HTML
 * string at once). V8 keeps a string in one byte per character only while every character is
 * Latin-1; one curly quote, dash or non-Latin letter in a page (nearly every real page) makes the
 * whole page two bytes per character, and Node's `TextEncoder.encode` turns such a string into
 * UTF-8 at ~0.4 GB/s: ~150–300 µs for a 66 KB home page on the 2-core bench machine, a tenth of an
 * uncached request's CPU. Copying the string out as UTF-16 (a plain copy) and converting that
 * with ICU's transcoder gives the same bytes three to four times faster; on a one-byte string both
 * ways take the same time.
 *
 * `installFastUtf8()` routes long strings of every `TextEncoder` in the server process through
 * `encodeUtf8`: the same bytes (held to it byte for byte by `utf8.test.ts`), returned as a
 * fresh `Uint8Array` that owns its whole buffer, as `TextEncoder.encode` returns. Short strings,
 * and a string holding a lone surrogate (which ICU refuses; `TextEncoder` writes U+FFFD for it),
 * take the native path.
 */

/** Below this many characters the native encoder is used: the gain is in long strings. */
export const LONG_STRING = 4096;
/**
 * The reused UTF-16 copy grows up to this many bytes (kept for the process's life: a page of up
 * to 512 K characters); a longer string takes the native path.
 */
const SCRATCH_MAX = 1024 * 1024;

let scratch = Buffer.alloc(0);

/** `input` as UTF-8 (as `TextEncoder.encode` gives it), or null when ICU refuses it (a lone surrogate) or it is too long. */
export function encodeUtf8(input: string): Uint8Array | null {
  const bytes = input.length * 2;
  if (bytes > SCRATCH_MAX) return null;
  if (bytes > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(bytes, 2 * scratch.length, 256 * 1024)));
  // synchronous from the write to the transcode: nothing else can use the scratch buffer meanwhile
  const written = scratch.write(input, 0, 'utf16le');
  try {
    const out = transcode(scratch.subarray(0, written), 'utf16le', 'utf8');
    // (ICU's answer is a buffer of its own; were it ever a slice of a shared one, copy it out)
    return out.byteOffset === 0 && out.buffer.byteLength === out.byteLength ? new Uint8Array(out.buffer) : new Uint8Array(out);
  } catch {
    return null;
  }
}

let installed = false;

/** Makes `TextEncoder.prototype.encode` use `encodeUtf8` for long strings (once per process). */
export function installFastUtf8(): void {
  if (installed) return;
  installed = true;
  const native = Object.getOwnPropertyDescriptor(TextEncoder.prototype, 'encode')?.value as TextEncoder['encode'];
  Object.defineProperty(TextEncoder.prototype, 'encode', {
    configurable: true,
    writable: true,
    value: function encode(this: TextEncoder, input = ''): Uint8Array {
      const text = String(input);
      return (text.length >= LONG_STRING ? encodeUtf8(text) : null) ?? native.call(this, text);
    },
  });
}
