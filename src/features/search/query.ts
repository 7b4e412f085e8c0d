/**
 * Full-text search, the parts shared by the server and the browser (issue 14, part 3): what text
 * of a post is searchable, how a visitor's words become a query that cannot break the database's
 * query syntax, and how a highlighted excerpt travels (segments, never HTML).
 */

/** The longest search the site reads (characters); the rest is dropped. */
export const MAX_QUERY_LENGTH = 200;
/** At most this many words of a search count. */
export const MAX_TERMS = 8;
/** A word longer than this is cut (no real word is; it keeps the query small). */
const MAX_TERM_LENGTH = 40;
/** Suggestions start when the field holds at least this many characters. */
export const SUGGEST_MIN_LENGTH = 2;
/** How many suggestions the header search shows. */
export const SUGGEST_LIMIT = 6;
/** The suggestions' address (src/pages/api/search.ts). */
export const SUGGEST_URL = '/api/search';
/** Typing pauses this long (ms) before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

/** A piece of a highlighted text: `mark` pieces are the matched words. Rendered as text, never as HTML. */
export interface Segment {
  text: string;
  mark?: true;
}

/** The highlighted parts of one result: its title, and an excerpt around the matched words (null: no word matched in the excerpt or body). */
export interface SearchHighlight {
  title: Segment[];
  excerpt: Segment[] | null;
}

/** One live suggestion of the header search (the JSON of `GET /api/search`). */
export interface Suggestion {
  id: number;
  url: string;
  title: Segment[];
}

/** The words of a search: lower case, letters and digits only (everything else separates words), deduplicated. */
export function searchTerms(query: string): string[] {
  const words = query
    .slice(0, MAX_QUERY_LENGTH)
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** A word this long or longer also finds the longer words it begins, wherever it stands in the search. */
export const PREFIX_MIN_LENGTH = 4;

/**
 * Which words of a search also find the words they begin ("harb" finds "harbour", as the old
 * substring search did and as live suggestions need): a word of PREFIX_MIN_LENGTH characters or
 * more, and the last word (the one being typed) from two characters. A shorter word before the
 * last must match a whole word: "the" begins thousands of words ("then", "there", "these"…), and
 * finding all of them for a word that is already complete costs a search at 100,000 posts more
 * than the rest of it. One letter always matches a whole word.
 */
export const prefixes = (terms: readonly string[]): boolean[] => {
  const last = terms.length - 1;
  return terms.map((t, i) => {
    const n = [...t].length;
    return n >= PREFIX_MIN_LENGTH || (i === last && n >= 2);
  });
};

/**
 * SQLite FTS5 MATCH expression: each word quoted (the words hold only letters and digits, so the
 * quotes cannot be closed early), prefixed with `*` (see `prefixes`), joined with OR (the ranking
 * puts posts with more of the words first).
 */
export function ftsMatch(terms: readonly string[], op: 'OR' | 'AND' = 'OR'): string {
  const prefix = prefixes(terms);
  return terms.map((t, i) => `"${t}"${prefix[i] ? '*' : ''}`).join(` ${op} `);
}

/** PostgreSQL `to_tsquery('simple', …)` text for the same words: quoted lexemes, `:*` prefixes, `|`. */
export function tsQuery(terms: readonly string[], op: '|' | '&' = '|'): string {
  const prefix = prefixes(terms);
  return terms.map((t, i) => `'${t}'${prefix[i] ? ':*' : ''}`).join(` ${op} `);
}

/** A word as the SQLite index compares it (unicode61, remove_diacritics): lower case, accents removed. */
const fold = (w: string) => w.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
const WORD = /[\p{L}\p{N}]+/gu;

/** Whether a word of a text is one the search terms find (the whole word, or its beginning for the terms `prefixes` names). */
export function termMatcher(terms: readonly string[]): (word: string) => boolean {
  const prefix = prefixes(terms);
  const folded = terms.map(fold);
  return (word) => {
    const w = fold(word);
    return folded.some((t, i) => (prefix[i] ? w.startsWith(t) : w === t));
  };
}

/** Segments of `text` from character `from` to `to`, the found words marked. */
function mark(text: string, from: number, to: number, found: (w: string) => boolean): Segment[] {
  const out: Segment[] = [];
  let at = from;
  for (const m of text.slice(from, to).matchAll(WORD)) {
    if (!found(m[0])) continue;
    const start = from + m.index;
    if (start > at) out.push({ text: text.slice(at, start) });
    out.push({ text: m[0], mark: true });
    at = start + m[0].length;
  }
  if (at < to) out.push({ text: text.slice(at, to) });
  return out;
}

/** All of `text` with the found words marked (titles). */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  return mark(text, 0, text.length, termMatcher(terms));
}

/**
 * About `size` words of `text` around the place where most found words are, marked, with "…"
 * where it is cut; null when no word is found. Search results' excerpts: computed here, the same
 * on both databases, from the text the index holds.
 */
export function snippet(text: string, terms: readonly string[], size = 30): Segment[] | null {
  const found = termMatcher(terms);
  const words = [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, hit: found(m[0]) }));
  const hits = words.flatMap((w, i) => (w.hit ? [i] : []));
  if (hits.length === 0) return null;
  // the window with the most hits, starting a few words before one of them
  let best = 0;
  let bestCount = -1;
  for (const h of hits) {
    const start = Math.max(0, Math.min(h - 3, words.length - size));
    const count = hits.filter((x) => x >= start && x < start + size).length;
    if (count > bestCount) [best, bestCount] = [start, count];
  }
  const last = Math.min(words.length, best + size) - 1;
  const from = best === 0 ? 0 : words[best]!.start;
  const to = last === words.length - 1 ? text.length : words[last]!.end;
  const out = mark(text, from, to, found).map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ') }));
  if (best > 0) out.unshift({ text: '…' });
  if (to < text.length) out.push({ text: '…' });
  return out;
}

export const hasMark = (s: readonly Segment[]) => s.some((x) => x.mark);

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#039;': "'", '&nbsp;': ' ', '&amp;': '&' };
const stripMarkup = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:lt|gt|quot|#0?39|nbsp|amp);/g, (e) => ENTITIES[e] ?? e);

/**
 * The searchable text of a stored body (JSON blocks): paragraphs, quotes, headings, lists, recipe,
 * review and smart-list texts, and markup blocks, without tags (common entities decoded). Tolerant of anything malformed (a
 * block it cannot read adds nothing). The PostgreSQL function `masthead_search_text` (migration
 * 0700) does the same in SQL; tests hold the two to the same results.
 */
export function searchableText(bodyJson: string): string {
  let blocks: unknown;
  try {
    blocks = JSON.parse(bodyJson);
  } catch {
    return '';
  }
  if (!Array.isArray(blocks)) return '';
  const parts: string[] = [];
  const str = (v: unknown) => (typeof v === 'string' ? [v] : []);
  const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  for (const b of blocks as Record<string, unknown>[]) {
    if (!b || typeof b !== 'object') continue;
    switch (b.type) {
      case 'paragraph':
      case 'quote':
      case 'html':
        parts.push(...str(b.html));
        break;
      case 'heading':
        parts.push(...str(b.text));
        break;
      case 'list':
        parts.push(...strs(b.items));
        break;
      case 'recipe':
        parts.push(...str(b.name), ...str(b.description), ...strs(b.ingredients), ...strs(b.steps));
        break;
      case 'review':
        parts.push(...str(b.title), ...str(b.summary), ...str(b.verdict));
        break;
      case 'smartlist':
        if (Array.isArray(b.items)) for (const i of b.items as Record<string, unknown>[]) if (i && typeof i === 'object') parts.push(...str(i.title), ...str(i.html));
        break;
      default:
        break;
    }
  }
  return parts.map(stripMarkup).join('\n');
}
