import { blockSchema, type Block, type Video } from '../post/blocks.ts';
import { decodeEntities } from '../post/sanitize.ts';

/**
 * WordPress content → Masthead's typed blocks. Two inputs, one output:
 *   - Gutenberg markup (`<!-- wp:name {attrs} -->…<!-- /wp:name -->`), block by block;
 *   - classic HTML with shortcodes, split into paragraphs the way WordPress's `wpautop` does
 *     (a blank line ends a paragraph) and into its block-level elements.
 * What has a block of its own becomes that block (paragraph, heading, list, quote, image,
 * gallery, embedded or local video, contact form, a file block's link); everything else is kept as markup in an
 * `html` block (sanitised when stored and rendered) and named in `fallbacks`, never dropped.
 * Pure: the importer passes the lookups of what it already brought in.
 */
export interface ConvertContext {
  /** local media id of a WordPress attachment id */
  mediaById(wpId: number): number | null;
  /** local media id of an uploads address (any rendition size of it) */
  mediaByUrl(url: string): number | null;
  /** local contact form id of a Contact Form 7 id or hash */
  formId(idOrHash: string): number | null;
  /** an old site's address → its new one (others unchanged) */
  rewriteUrl(url: string): string;
}

export interface Conversion {
  blocks: Block[];
  /** constructs kept as HTML blocks (`wp:table`, `<pre>`, `[unknown-shortcode]`…), one entry per occurrence */
  fallbacks: string[];
  /** images whose file was not imported (they stay as markup pointing at the old address) */
  missingMedia: string[];
}

const KNOWN_SHORTCODES = new Set(['gallery', 'caption', 'wp_caption', 'embed', 'video', 'audio', 'contact-form-7', 'contact-form', 'playlist']);
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'table', 'figure', 'div', 'pre', 'hr', 'dl', 'section', 'article', 'aside', 'header', 'footer', 'iframe', 'form', 'address', 'details', 'video', 'audio', 'object', 'embed', 'script', 'style', 'noscript', 'center', 'nav', 'main']);
const VOID_BLOCK = new Set(['hr', 'embed']);

/** Attributes of a tag or a shortcode: `a="x" b='y' c=z flag`; positional values under "0", "1"… */
export function parseAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([\w:-]+)\s*=\s*"([^"]*)"|([\w:-]+)\s*=\s*'([^']*)'|([\w:-]+)\s*=\s*([^\s'"]+)|"([^"]*)"|'([^']*)'|(\S+)/g;
  let n = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1]) out[m[1].toLowerCase()] = decodeEntities(m[2]!);
    else if (m[3]) out[m[3].toLowerCase()] = decodeEntities(m[4]!);
    else if (m[5]) out[m[5].toLowerCase()] = decodeEntities(m[6]!);
    else out[String(n++)] = decodeEntities(m[7] ?? m[8] ?? m[9] ?? '');
  }
  return out;
}

const stripTags = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A YouTube or Vimeo address as a video (null for any other address). */
export function videoFromUrl(url: string, title: string): Video | null {
  const u = url.trim();
  const yt = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|v\/)|youtu\.be\/)([\w-]{11})/i.exec(u);
  if (yt) return { provider: 'youtube', id: yt[1]!, src: '', title: title || 'YouTube', duration: '' };
  const vi = /vimeo\.com\/(?:video\/|channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d{4,12})/i.exec(u);
  if (vi) return { provider: 'vimeo', id: vi[1]!, src: '', title: title || 'Vimeo', duration: '' };
  return null;
}

const fileName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? url);

class Builder {
  blocks: Block[] = [];
  fallbacks: string[] = [];
  missingMedia: string[] = [];
  readonly ctx: ConvertContext;
  constructor(ctx: ConvertContext) {
    this.ctx = ctx;
  }

  html(markup: string, what: string) {
    const html = this.rewriteSources(markup.trim());
    if (!html) return;
    this.blocks.push({ type: 'html', html });
    this.fallbacks.push(what);
  }

  rewriteSources(markup: string): string {
    return markup.replace(/(\s(?:href|src)\s*=\s*)(["'])(.*?)\2/gi, (_m, pre: string, q: string, url: string) => `${pre}${q}${this.ctx.rewriteUrl(decodeEntities(url))}${q}`);
  }

  paragraph(inner: string) {
    const html = inner
      .trim()
      .replace(/^(<br\s*\/?>\s*)+|(<br\s*\/?>\s*)+$/gi, '')
      .replace(/\s*\n\s*/g, '<br>');
    if (stripTags(html) || /<img\b/i.test(html)) this.blocks.push({ type: 'paragraph', html });
  }

  /** An image by its attachment id or address; a missing one stays as markup that shows it from the old site. */
  image(img: string, caption: string, attachmentId?: number) {
    const a = parseAttributes(img.replace(/^<img\b|\/?>$/gi, ''));
    const wpId = attachmentId ?? Number(/wp-image-(\d+)/.exec(a.class ?? '')?.[1] ?? NaN);
    const media = (Number.isFinite(wpId) ? this.ctx.mediaById(wpId) : null) ?? (a.src ? this.ctx.mediaByUrl(a.src) : null);
    const cap = stripTags(caption);
    if (media) {
      this.blocks.push(cap ? { type: 'image', media, caption: cap } : { type: 'image', media });
      return;
    }
    this.missingMedia.push(a.src ? fileName(a.src) : `#${wpId}`);
    if (!a.src) return;
    this.blocks.push({ type: 'html', html: `<figure><img src="${escapeText(a.src)}" alt="${escapeText(a.alt ?? '')}">${cap ? `<figcaption>${escapeText(cap)}</figcaption>` : ''}</figure>` });
    this.fallbacks.push('image (file not imported)');
  }

  gallery(wpIds: number[], urls: string[] = []) {
    const media = [...new Set([...wpIds.map((id) => this.ctx.mediaById(id)), ...urls.map((u) => this.ctx.mediaByUrl(u))].filter((m): m is number => m !== null))];
    const missing = wpIds.length + urls.length - media.length;
    for (let i = 0; i < missing; i++) this.missingMedia.push('gallery image');
    if (media.length) this.blocks.push({ type: 'gallery', style: 'justified', media, rowHeight: 220, margin: 6, columns: 7 });
  }

  embed(url: string, title: string): boolean {
    const video = videoFromUrl(url, title);
    if (video) {
      this.blocks.push({ type: 'embed', video, ratio: '16:9' });
      return true;
    }
    const u = this.ctx.rewriteUrl(url.trim());
    if (/^https?:\/\//i.test(u) || u.startsWith('/')) {
      this.html(`<p><a href="${escapeText(u)}">${escapeText(title || u)}</a></p>`, 'embed of another site');
      return true;
    }
    return false;
  }

  localVideo(src: string, title: string) {
    const u = this.ctx.rewriteUrl(src.trim());
    const video = videoFromUrl(u, title);
    if (video) this.blocks.push({ type: 'embed', video, ratio: '16:9' });
    else if (u) this.blocks.push({ type: 'video', video: { provider: 'local', id: '', src: u, title: title || fileName(u), duration: '' } });
  }

  audio(src: string) {
    const u = this.ctx.rewriteUrl(src.trim());
    // the browser's own player (the html block keeps <audio> with a safe source), and a link to the file under it
    if (u) this.html(`<figure><audio src="${escapeText(u)}" controls preload="none"></audio><figcaption><a href="${escapeText(u)}">${escapeText(fileName(u))}</a></figcaption></figure>`, 'audio');
  }

  /**
   * WordPress's file block (a link to the file, a "Download" button, perhaps a PDF preview) →
   * a paragraph with the link, the address rewritten to the imported file; one without a link
   * stays as markup.
   */
  file(markup: string) {
    const links = [...markup.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].map((m) => ({ a: parseAttributes(m[1]!), text: stripTags(m[2]!) }));
    const link = links.find((l) => l.a.href && !/wp-block-file__button/.test(l.a.class ?? '')) ?? links.find((l) => l.a.href);
    if (!link) return this.html(markup, 'wp:file');
    const u = this.ctx.rewriteUrl(link.a.href!);
    this.blocks.push({ type: 'paragraph', html: `<a href="${escapeText(u)}">${escapeText(link.text || fileName(u))}</a>` });
  }

  form(idOrHash: string, raw: string) {
    const formId = this.ctx.formId(idOrHash);
    if (formId) this.blocks.push({ type: 'contact-form', formId });
    else this.html(`<p>${escapeText(raw)}</p>`, 'contact form that was not imported');
  }
}

// ---------------------------------------------------------------------------------------------
// Shortcodes

/** WordPress's shortcode grammar: `[name attrs]`, `[name attrs /]`, `[name attrs]content[/name]`; `[[name]]` is an escaped one. */
function shortcodeRegex(names: string): RegExp {
  return new RegExp(`\\[(\\[?)(${names})(?![\\w-])([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)(?:(\\/)\\]|\\](?:([^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*)\\[\\/\\2\\])?)(\\]?)`, 'g');
}
const KNOWN_RE = shortcodeRegex([...KNOWN_SHORTCODES].map((n) => n.replace(/-/g, '\\-')).join('|'));
const PLACEHOLDER = /\u0001(\d+)\u0001/;

/** Replaces the shortcodes that become blocks by placeholders on a line of their own; answers their handlers. */
function extractShortcodes(html: string, b: Builder): { text: string; slots: (() => void)[] } {
  const slots: (() => void)[] = [];
  const text = html.replace(KNOWN_RE, (whole, open: string, name: string, attrText: string, _self: string, content: string | undefined, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1);
    const a = parseAttributes(attrText);
    const inner = content ?? '';
    let run: () => void;
    switch (name) {
      case 'gallery': {
        const ids = (a.ids ?? a.include ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
        run = () => (ids.length ? b.gallery(ids) : b.html(`<p>${escapeText(whole)}</p>`, '[gallery] without ids'));
        break;
      }
      case 'caption':
      case 'wp_caption': {
        const img = /<img\b[^>]*>/i.exec(inner)?.[0];
        const caption = a.caption ?? inner.replace(/<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>|<img\b[^>]*>/i, '');
        const attachment = Number(/attachment_(\d+)/.exec(a.id ?? '')?.[1] ?? NaN);
        run = () => (img ? b.image(img, caption, Number.isFinite(attachment) ? attachment : undefined) : b.paragraph(caption));
        break;
      }
      case 'embed':
        run = () => {
          if (!b.embed(stripTags(inner) || a.src || a['0'] || '', '')) b.html(`<p>${escapeText(whole)}</p>`, '[embed]');
        };
        break;
      case 'video':
        run = () => b.localVideo(a.src || a.mp4 || a.webm || a.ogv || a.m4v || stripTags(inner), '');
        break;
      case 'audio':
        run = () => b.audio(a.src || a.mp3 || a.ogg || a.m4a || a.wav || stripTags(inner));
        break;
      case 'playlist':
        run = () => b.html(`<p>${escapeText(whole)}</p>`, '[playlist]');
        break;
      default:
        // contact-form-7, contact-form
        run = () => b.form(a.id ?? '', whole);
    }
    slots.push(run);
    return `\n\n\u0001${slots.length - 1}\u0001\n\n`;
  });
  return { text, slots };
}

/** Names of shortcodes this converter does not know (they stay in the text, as text). */
export function unknownShortcodes(text: string): string[] {
  const found: string[] = [];
  const re = /\[(\[?)([a-zA-Z][\w-]*)((?:\s[^\]]*)?)\](\]?)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] === '[' && m[4] === ']') continue;
    const name = m[2]!.toLowerCase();
    if (KNOWN_SHORTCODES.has(name) || name.startsWith('/')) continue;
    // A bracketed word in prose ("[sic]", "[1]") is not a shortcode: a shortcode has attributes or a closing tag.
    if (!m[3]!.includes('=') && !text.includes(`[/${m[2]}]`) && !/_|-/.test(name)) continue;
    found.push(`[${name}]`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Classic HTML

interface Segment {
  tag: string | null;
  attrs: string;
  inner: string;
  outer: string;
}

/** Top-level segments: block elements whole, and the inline runs between them. */
export function segments(html: string): Segment[] {
  const out: Segment[] = [];
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->/g;
  let inlineStart = 0;
  let current: { tag: string; attrs: string; start: number; innerStart: number; depth: number } | null = null;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const closing = m[1] === '/';
    const tag = (m[2] ?? '').toLowerCase();
    if (!m[2]) continue;
    if (current) {
      if (current.tag === 'p' && !closing && tag !== 'p' && BLOCK_TAGS.has(tag)) {
        // A block element ends an open paragraph (HTML's own rule for a missing </p>).
        out.push({ tag: 'p', attrs: current.attrs, inner: html.slice(current.innerStart, m.index), outer: html.slice(current.start, m.index) });
        current = null;
        inlineStart = m.index;
        re.lastIndex = m.index;
        continue;
      }
      if (tag !== current.tag) continue;
      if (!closing && !/\/\s*$/.test(m[3] ?? '')) current.depth++;
      else if (closing && --current.depth === 0) {
        out.push({ tag: current.tag, attrs: current.attrs, inner: html.slice(current.innerStart, m.index), outer: html.slice(current.start, re.lastIndex) });
        current = null;
        inlineStart = re.lastIndex;
      }
      continue;
    }
    if (closing || !BLOCK_TAGS.has(tag)) continue;
    if (m.index > inlineStart) out.push({ tag: null, attrs: '', inner: html.slice(inlineStart, m.index), outer: html.slice(inlineStart, m.index) });
    if (VOID_BLOCK.has(tag) || /\/\s*$/.test(m[3] ?? '')) {
      out.push({ tag, attrs: m[3] ?? '', inner: '', outer: m[0] });
      inlineStart = re.lastIndex;
      continue;
    }
    current = { tag, attrs: m[3] ?? '', start: m.index, innerStart: re.lastIndex, depth: 1 };
  }
  if (current) out.push({ tag: current.tag, attrs: current.attrs, inner: html.slice(current.innerStart), outer: html.slice(current.start) });
  else if (inlineStart < html.length) out.push({ tag: null, attrs: '', inner: html.slice(inlineStart), outer: html.slice(inlineStart) });
  return out;
}

const ONLY_IMAGE = /^\s*(?:<a\b[^>]*>\s*)?(<img\b[^>]*>)\s*(?:<\/a>)?\s*$/i;

function inlineRun(b: Builder, text: string, slots: (() => void)[]) {
  for (const part of text.split(/\n\s*\n/)) {
    const p = part.trim();
    if (!p) continue;
    const slot = PLACEHOLDER.exec(p);
    if (slot && p === slot[0]) {
      slots[Number(slot[1])]?.();
      continue;
    }
    if (slot) {
      // A placeholder inside a run of text: the text before, the block, the text after.
      const [before, after] = [p.slice(0, slot.index), p.slice(slot.index + slot[0].length)];
      inlineRun(b, before, slots);
      slots[Number(slot[1])]?.();
      inlineRun(b, after, slots);
      continue;
    }
    const img = ONLY_IMAGE.exec(p);
    if (img) b.image(img[1]!, '');
    else if (/^(https?:\/\/\S+)$/.test(p) && videoFromUrl(p, '')) b.embed(p, '');
    else b.paragraph(p);
  }
}

function listItems(inner: string): string[] {
  return segmentsOf(inner, 'li').map((li) =>
    li
      .replace(/<\/?(ul|ol)\b[^>]*>/gi, '')
      .replace(/<li\b[^>]*>/gi, '<br>')
      .replace(/<\/li>/gi, '')
      .trim(),
  );
}

/** Inner HTML of each top-level `tag` element of a fragment. */
function segmentsOf(html: string, tag: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  let depth = 0;
  let start = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1] !== '/') {
      if (depth++ === 0) start = re.lastIndex;
    } else if (depth > 0 && --depth === 0) out.push(html.slice(start, m.index));
  }
  if (depth > 0) out.push(html.slice(start));
  return out;
}

function classic(b: Builder, html: string) {
  const { text, slots } = extractShortcodes(html, b);
  for (const s of segments(text)) {
    if (!s.tag) {
      inlineRun(b, s.inner, slots);
      continue;
    }
    const a = parseAttributes(s.attrs);
    switch (s.tag) {
      case 'p':
        inlineRun(b, s.inner.replace(/\n\s*\n/g, '\n'), slots);
        break;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6': {
        const textContent = stripTags(s.inner);
        if (!textContent) break;
        const level = s.tag === 'h1' || s.tag === 'h2' ? 2 : 3;
        b.blocks.push(a.id ? { type: 'heading', level, text: textContent, anchor: a.id } : { type: 'heading', level, text: textContent });
        if (s.tag === 'h4' || s.tag === 'h5' || s.tag === 'h6') b.fallbacks.push(`<${s.tag}> as a level-3 heading`);
        break;
      }
      case 'ul':
      case 'ol': {
        const items = listItems(s.inner).filter((i) => stripTags(i) || /<img/i.test(i));
        if (items.length) b.blocks.push({ type: 'list', ordered: s.tag === 'ol', items });
        break;
      }
      case 'blockquote': {
        const cite = /<cite\b[^>]*>([\s\S]*?)<\/cite>/i.exec(s.inner)?.[1];
        const body = s.inner.replace(/<cite\b[^>]*>[\s\S]*?<\/cite>/gi, '');
        const paras = segmentsOf(body, 'p');
        const html = (paras.length ? paras.join('<br>') : body).trim().replace(/\s*\n\s*/g, '<br>');
        if (stripTags(html)) b.blocks.push(cite && stripTags(cite) ? { type: 'quote', html, cite: stripTags(cite) } : { type: 'quote', html });
        break;
      }
      case 'figure': {
        const img = /<img\b[^>]*>/i.exec(s.inner)?.[0];
        const caption = /<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/i.exec(s.inner)?.[1] ?? '';
        const iframe = /<iframe\b[^>]*\ssrc=["']([^"']+)/i.exec(s.inner)?.[1];
        if (/<table\b/i.test(s.inner)) b.html(s.outer, '<table>');
        else if (img) b.image(img, caption);
        else if (iframe && b.embed(iframe, stripTags(caption))) break;
        else classic(b, s.inner);
        break;
      }
      case 'iframe':
        if (!a.src || !b.embed(a.src, a.title ?? '')) b.html(s.outer, '<iframe>');
        break;
      case 'video':
        b.localVideo(a.src ?? /<source\b[^>]*\ssrc=["']([^"']+)/i.exec(s.inner)?.[1] ?? '', '');
        break;
      case 'audio':
        b.audio(a.src ?? /<source\b[^>]*\ssrc=["']([^"']+)/i.exec(s.inner)?.[1] ?? '');
        break;
      case 'div':
      case 'section':
      case 'article':
      case 'aside':
      case 'header':
      case 'footer':
      case 'center':
      case 'main':
      case 'nav':
        classic(b, s.inner);
        break;
      case 'hr':
        b.html('<hr>', 'separator');
        break;
      default:
        b.html(s.outer, `<${s.tag}>`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Gutenberg

export interface GutenbergBlock {
  name: string;
  attrs: Record<string, unknown>;
  /** the block's own markup, inner blocks left out */
  html: string;
  /** the block's markup with its inner blocks' in place */
  full: string;
  inner: GutenbergBlock[];
}

/** Parses block markup into a tree; markup outside any block becomes `core/freeform` blocks. */
export function parseGutenberg(content: string): GutenbergBlock[] {
  const re = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g;
  const root: GutenbergBlock = { name: 'root', attrs: {}, html: '', full: '', inner: [] };
  const stack: GutenbergBlock[] = [root];
  let last = 0;
  const text = (s: string) => {
    const top = stack[stack.length - 1]!;
    if (top === root) {
      if (s.trim()) root.inner.push({ name: 'core/freeform', attrs: {}, html: s, full: s, inner: [] });
    } else {
      top.html += s;
      top.full += s;
    }
  };
  for (let m = re.exec(content); m; m = re.exec(content)) {
    text(content.slice(last, m.index));
    last = re.lastIndex;
    const name = `${m[2] ?? 'core/'}${m[3]}`;
    let attrs: Record<string, unknown> = {};
    if (m[4]) {
      try {
        attrs = JSON.parse(m[4]) as Record<string, unknown>;
      } catch {
        attrs = {};
      }
    }
    if (m[1]) {
      // Closing: pop to the matching block (a stray closer is ignored).
      const idx = stack.map((s) => s.name).lastIndexOf(name);
      while (idx > 0 && stack.length > idx) {
        const done = stack.pop()!;
        const parent = stack[stack.length - 1]!;
        if (parent !== root) parent.full += done.full;
      }
      continue;
    }
    const block: GutenbergBlock = { name, attrs, html: '', full: '', inner: [] };
    stack[stack.length - 1]!.inner.push(block);
    if (!m[5]) stack.push(block);
  }
  text(content.slice(last));
  return root.inner;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN);

function gutenbergBlock(b: Builder, g: GutenbergBlock) {
  const name = g.name.replace(/^core\//, '');
  const a = g.attrs;
  switch (name) {
    case 'freeform':
    case 'paragraph':
    case 'shortcode':
    case 'more':
    case 'nextpage':
      if (name === 'shortcode' || name === 'freeform' || name === 'paragraph') classic(b, g.html);
      return;
    case 'heading': {
      const level = num(a.level) || Number(/<h([1-6])/i.exec(g.html)?.[1] ?? 2);
      const t = stripTags(g.html);
      const anchor = typeof a.anchor === 'string' ? a.anchor : /<h[1-6][^>]*\sid=["']([^"']+)/i.exec(g.html)?.[1];
      if (t) b.blocks.push(anchor ? { type: 'heading', level: level <= 2 ? 2 : 3, text: t, anchor } : { type: 'heading', level: level <= 2 ? 2 : 3, text: t });
      return;
    }
    case 'list': {
      const listHtml = /<(ul|ol)\b[^>]*>([\s\S]*)<\/\1>/i.exec(g.full);
      const items = listItems(listHtml?.[2] ?? g.full).filter((i) => stripTags(i));
      if (items.length) b.blocks.push({ type: 'list', ordered: a.ordered === true || listHtml?.[1]?.toLowerCase() === 'ol', items });
      return;
    }
    case 'quote':
    case 'pullquote': {
      const body = /<blockquote\b[^>]*>([\s\S]*)<\/blockquote>/i.exec(g.full)?.[1] ?? g.full;
      classic(b, `<blockquote>${body}</blockquote>`);
      return;
    }
    case 'image': {
      const img = /<img\b[^>]*>/i.exec(g.html)?.[0];
      const caption = /<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/i.exec(g.html)?.[1] ?? '';
      const id = num(a.id);
      if (img) b.image(img, caption, Number.isFinite(id) ? id : undefined);
      else if (Number.isFinite(id)) b.image(`<img class="wp-image-${id}">`, caption, id);
      return;
    }
    case 'gallery': {
      const ids = Array.isArray(a.ids) ? (a.ids as unknown[]).map(num).filter(Number.isFinite) : [];
      const innerIds = g.inner.filter((i) => i.name === 'core/image').map((i) => num(i.attrs.id)).filter(Number.isFinite);
      const all = ids.length ? ids : innerIds;
      if (all.length) b.gallery(all);
      else {
        const urls = [...g.html.matchAll(/<img\b[^>]*\ssrc=["']([^"']+)/gi)].map((m) => m[1]!);
        if (urls.length) b.gallery([], urls);
      }
      return;
    }
    case 'embed':
    case 'video':
    case 'audio':
    case 'file': {
      const url = typeof a.url === 'string' ? a.url : (/<(?:video|audio|source|a)\b[^>]*\s(?:src|href)=["']([^"']+)/i.exec(g.html)?.[1] ?? stripTags(g.html.replace(/<figcaption[\s\S]*?<\/figcaption>/i, '')));
      const caption = stripTags(/<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/i.exec(g.html)?.[1] ?? '');
      if (name === 'video') b.localVideo(url, caption);
      else if (name === 'audio') b.audio(url);
      else if (name === 'file') b.file(g.html);
      else if (!url || !b.embed(url, caption)) b.html(g.html, 'wp:embed');
      return;
    }
    case 'separator':
      b.html('<hr>', 'wp:separator');
      return;
    case 'spacer':
      return;
    case 'html':
      b.html(g.html, 'wp:html');
      return;
    case 'table':
      b.html(g.html, 'wp:table');
      return;
    case 'cover':
      // not a cover of ours: its inner blocks in order (its own markup is only the picture)
      if (!cover(b, g)) for (const i of g.inner) gutenbergBlock(b, i);
      return;
    case 'buttons':
    case 'button': {
      const links = [...g.full.matchAll(/<a\b[^>]*href=["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/gi)];
      for (const l of links) b.paragraph(`<a href="${escapeText(b.ctx.rewriteUrl(decodeEntities(l[1]!)))}">${escapeText(stripTags(l[2]!))}</a>`);
      return;
    }
    default:
      if (g.name.startsWith('masthead/')) {
        ownBlock(b, g);
        return;
      }
      if (/^contact-form-7\//.test(g.name) && (a.id !== undefined || a.hash !== undefined)) {
        b.form(String(a.hash ?? a.id), `[contact-form-7 id="${String(a.id ?? a.hash)}"]`);
        return;
      }
      contents(b, g, name);
  }
}

/** A block without a conversion of its own: columns, groups, covers…: their content, in order. */
function contents(b: Builder, g: GutenbergBlock, name: string) {
  if (g.inner.length) {
    if (g.html.trim() && name !== 'columns' && name !== 'column' && name !== 'group') classic(b, g.html.replace(/<\/?div\b[^>]*>/gi, ''));
    for (const i of g.inner) gutenbergBlock(b, i);
    return;
  }
  if (g.html.trim()) b.html(g.html, `wp:${name}`);
}

/**
 * WordPress's cover (a picture behind a heading, text and buttons) → a cover block: the picture by
 * its attachment id or address, the heading from the first inner heading (or paragraph), the text
 * from the first paragraph after it, the link from the first button. A cover whose picture was
 * not imported (reported) is not one: the caller keeps its inner blocks; one without text is an
 * image.
 * Returns whether it became a cover.
 */
function cover(b: Builder, g: GutenbergBlock): boolean {
  const a = g.attrs;
  const id = num(a.id);
  const url = typeof a.url === 'string' ? a.url : (/<img\b[^>]*\ssrc=["']([^"']+)/i.exec(g.html)?.[1] ?? /background-image:\s*url\(\s*['"]?([^'")]+)/i.exec(g.html)?.[1]);
  if (!Number.isFinite(id) && !url) return false;
  const media = (Number.isFinite(id) ? b.ctx.mediaById(id) : null) ?? (url ? b.ctx.mediaByUrl(decodeEntities(url)) : null);
  if (media === null) {
    b.missingMedia.push(url ? fileName(url) : `#${id}`);
    return false;
  }
  const texts = g.inner.filter((i) => i.name === 'core/heading' || i.name === 'core/paragraph').map((i) => ({ name: i.name, text: stripTags(i.full) })).filter((i) => i.text);
  const head = texts.find((i) => i.name === 'core/heading') ?? texts[0];
  if (!head) {
    b.blocks.push({ type: 'image', media }); // a picture with nothing over it
    return true;
  }
  const text = texts.slice(texts.indexOf(head) + 1).find((i) => i.name === 'core/paragraph')?.text ?? '';
  const button = g.inner.filter((i) => i.name === 'core/buttons' || i.name === 'core/button').map((i) => /<a\b[^>]*href=["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/i.exec(i.full)).find(Boolean);
  const href = button ? b.ctx.rewriteUrl(decodeEntities(button[1]!)) : '';
  const link = /^\/(?!\/)/.test(href) || /^https?:\/\//i.test(href) ? href : '';
  b.blocks.push({ type: 'cover', media, heading: head.text.slice(0, 200), text: text.slice(0, 600), link, linkLabel: link ? stripTags(button![2]!).slice(0, 80) : '' });
  return true;
}

/** A block of Masthead's own, as its export writes it (`<!-- wp:masthead/review {…} /-->`): media ids mapped back. */
function ownBlock(b: Builder, g: GutenbergBlock) {
  const type = g.name.slice('masthead/'.length);
  const data = { ...g.attrs, type } as Record<string, unknown>;
  const map = (id: unknown) => (typeof id === 'number' ? (b.ctx.mediaById(id) ?? undefined) : undefined);
  if ('media' in data) data.media = map(data.media);
  if (Array.isArray(data.items)) data.items = (data.items as Record<string, unknown>[]).map((i) => ({ ...i, media: map(i.media) }));
  if (Array.isArray(data.videos)) data.videos = (data.videos as Record<string, unknown>[]).map((v) => ({ ...v, poster: map(v.poster) }));
  const parsed = blockSchema.safeParse(data);
  if (parsed.success) b.blocks.push(parsed.data);
  else b.html(`<p>${escapeText(JSON.stringify(g.attrs))}</p>`, `wp:${g.name}`);
}

/** Converts one post's content. */
export function convertContent(content: string, ctx: ConvertContext): Conversion {
  const b = new Builder(ctx);
  const linked = content.replace(/(\shref\s*=\s*)(["'])(.*?)\2/gi, (_m, pre: string, q: string, url: string) => `${pre}${q}${escapeText(ctx.rewriteUrl(decodeEntities(url)))}${q}`);
  if (/<!--\s+wp:/.test(linked)) for (const g of parseGutenberg(linked)) gutenbergBlock(b, g);
  else classic(b, linked);
  for (const s of unknownShortcodes(content)) b.fallbacks.push(s);
  return { blocks: b.blocks, fallbacks: b.fallbacks, missingMedia: b.missingMedia };
}
