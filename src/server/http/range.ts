/**
 * HTTP Range requests (RFC 9110 §14) for uploaded files: what audio and video players send to
 * seek, and what Safari needs before it plays a video at all.
 *
 * Only ONE byte range is ever served. A Range header this module does not take is ignored, and the
 * whole file goes out with 200, which RFC 9110 §14.2 allows ("a server MAY ignore the Range header
 * field"): a header that is not `bytes=…` or not well formed, a range whose last position is
 * before its first, and a request for several ranges (a multipart/byteranges answer is not made;
 * players never ask for one).
 */

/** One range as the request spells it, before the file's size is known. */
export type RangeSpec =
  /** `bytes=first-` or `bytes=first-last` */
  | { first: number; last?: number }
  /** `bytes=-suffix`: the file's last `suffix` bytes */
  | { suffix: number };

/** A range resolved against the file's size: byte positions, both inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

const DIGITS = /^\d{1,16}$/;

/**
 * The single range a Range header asks for, or null when the header is to be ignored (absent,
 * another unit, malformed, or several ranges). The unit is compared case-insensitively; spaces
 * around the range are allowed (the list syntax's OWS).
 */
export function parseRange(header: string | string[] | undefined): RangeSpec | null {
  if (typeof header !== 'string') return null;
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return null;
  const set = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (set.length !== 1) return null;
  const m = /^(\d*)-(\d*)$/.exec(set[0]!);
  if (!m) return null;
  const [, first = '', last = ''] = m;
  if (first === '') return DIGITS.test(last) ? { suffix: Number(last) } : null;
  if (!DIGITS.test(first)) return null;
  if (last === '') return { first: Number(first) };
  if (!DIGITS.test(last)) return null;
  const spec = { first: Number(first), last: Number(last) };
  return spec.last < spec.first ? null : spec;
}

/**
 * The bytes a range covers in a file of `size` bytes (a last position past the end is cut to the
 * end), or 'unsatisfiable' (416): a first position at or past the end, a zero-length suffix, or
 * any range of an empty file.
 */
export function resolveRange(spec: RangeSpec, size: number): ByteRange | 'unsatisfiable' {
  if (size <= 0) return 'unsatisfiable';
  if ('suffix' in spec) return spec.suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - spec.suffix), end: size - 1 };
  if (spec.first >= size) return 'unsatisfiable';
  return { start: spec.first, end: Math.min(spec.last ?? size - 1, size - 1) };
}

/**
 * Whether an If-Range header lets the range be served (RFC 9110 §13.1.5): no If-Range, or an
 * entity tag strongly equal to the file's. A weak tag never matches, and neither does a date (the
 * uploads are sent without Last-Modified, so a client has no date of ours to send back): the
 * whole file goes out instead, which is always correct.
 */
export function ifRangeAllows(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return true;
  if (typeof header !== 'string') return false;
  const tag = header.trim();
  return tag.startsWith('"') && !etag.startsWith('W/') && tag === etag;
}

/**
 * What a request for a file of `size` bytes with entity tag `etag` gets: a range (206), 416, or
 * null for the whole file (200). Only GET takes a range (RFC 9110 §14.2: a server MUST ignore
 * Range on any other method, HEAD included, which then answers the whole file's headers); an
 * empty file is always sent whole (it has no byte to point at).
 */
export function requestedRange(
  req: { method?: string | undefined; headers: { range?: string | string[] | undefined; 'if-range'?: string | string[] | undefined } },
  etag: string,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (req.method !== 'GET' || size === 0) return null;
  const spec = parseRange(req.headers.range);
  if (!spec || !ifRangeAllows(req.headers['if-range'], etag)) return null;
  return resolveRange(spec, size);
}

/** `Content-Range` of a 206 answer. */
export const contentRange = (r: ByteRange, size: number) => `bytes ${r.start}-${r.end}/${size}`;

/** `Content-Range` of a 416 answer. */
export const unsatisfiedRange = (size: number) => `bytes */${size}`;
