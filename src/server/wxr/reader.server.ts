import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SaxesParser } from 'saxes';

/**
 * Reads a WordPress eXtended RSS file (WXR 1.0–1.2, from Tools → Export or WordPress.com) as a
 * stream of small records: the channel's header, each author, term and item. Only one item is
 * held at a time, so memory stays flat whatever the file's size (saxes, fed chunk by chunk).
 *
 * Elements are recognised by their prefix (`wp:`, `content:`, `excerpt:`, `dc:`) rather than by
 * namespace URI: WXR 1.0, 1.1 and 1.2 differ only in that URI, and some exports declare it badly.
 * Characters XML forbids (control characters pasted into posts) are dropped before parsing, as
 * WordPress's own importer tolerates them.
 */
export interface WxrChannel {
  kind: 'channel';
  title: string;
  link: string;
  wxrVersion: string;
  baseSiteUrl: string;
  baseBlogUrl: string;
}

export interface WxrAuthor {
  kind: 'author';
  id: string;
  login: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

export interface WxrTerm {
  kind: 'term';
  id: string;
  /** 'category' | 'post_tag' | 'nav_menu' | any custom taxonomy */
  taxonomy: string;
  slug: string;
  name: string;
  description: string;
  parentSlug: string;
}

export interface WxrItemTerm {
  domain: string;
  slug: string;
  name: string;
}

export interface WxrItem {
  kind: 'item';
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  id: string;
  date: string;
  dateGmt: string;
  slug: string;
  status: string;
  parent: string;
  menuOrder: string;
  type: string;
  password: string;
  sticky: boolean;
  attachmentUrl: string;
  terms: WxrItemTerm[];
  meta: Record<string, string>;
  comments: number;
}

export type WxrRecord = WxrChannel | WxrAuthor | WxrTerm | WxrItem;

/**
 * A copy of `s` that shares no memory with the chunk it was read from. The parser's text is a slice
 * (or a concatenation of slices) of the 256 KB chunk being parsed, and V8 keeps the whole chunk
 * alive for as long as any slice of it lives: a title or slug kept for the second pass would hold
 * its chunk, and the import's memory would grow with the file.
 */
function detach(s: string): string {
  return s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8');
}

const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const emptyItem = (): WxrItem => ({
  kind: 'item',
  title: '',
  link: '',
  guid: '',
  creator: '',
  content: '',
  excerpt: '',
  id: '',
  date: '',
  dateGmt: '',
  slug: '',
  status: '',
  parent: '0',
  menuOrder: '0',
  type: '',
  password: '',
  sticky: false,
  attachmentUrl: '',
  terms: [],
  meta: {},
  comments: 0,
});

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: 'title',
  link: 'link',
  guid: 'guid',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_id': 'id',
  'wp:post_date': 'date',
  'wp:post_date_gmt': 'dateGmt',
  'wp:post_name': 'slug',
  'wp:status': 'status',
  'wp:post_parent': 'parent',
  'wp:menu_order': 'menuOrder',
  'wp:post_type': 'type',
  'wp:post_password': 'password',
  'wp:attachment_url': 'attachmentUrl',
};

/** Reads the file; `onBytes` is told how far it got (for a progress bar). */
export async function* readWxr(file: string, onBytes?: (read: number, total: number) => void): AsyncGenerator<WxrRecord> {
  const total = (await stat(file)).size;
  const parser = new SaxesParser({ position: false });
  const out: WxrRecord[] = [];
  const stack: string[] = [];
  let text = '';
  const channel: WxrChannel = { kind: 'channel', title: '', link: '', wxrVersion: '1.0', baseSiteUrl: '', baseBlogUrl: '' };
  let channelSent = false;
  let item: WxrItem | null = null;
  let author: WxrAuthor | null = null;
  let term: WxrTerm | null = null;
  let itemTerm: { domain: string; slug: string } | null = null;
  let metaKey = '';
  let metaValue = '';
  let inComment = false;
  let sawRss = false;

  const sendChannel = () => {
    if (channelSent) return;
    channelSent = true;
    if (!channel.baseSiteUrl) channel.baseSiteUrl = channel.baseBlogUrl || channel.link;
    if (!channel.baseBlogUrl) channel.baseBlogUrl = channel.baseSiteUrl;
    out.push({ ...channel });
  };

  parser.on('opentag', (tag) => {
    const name = tag.name;
    stack.push(name);
    text = '';
    if (name === 'rss') sawRss = true;
    if (name === 'item') {
      sendChannel();
      item = emptyItem();
    } else if (name === 'wp:author' && !item) {
      sendChannel();
      author = { kind: 'author', id: '', login: '', email: '', displayName: '', firstName: '', lastName: '' };
    } else if ((name === 'wp:category' || name === 'wp:tag' || name === 'wp:term') && !item) {
      sendChannel();
      term = { kind: 'term', id: '', taxonomy: name === 'wp:category' ? 'category' : name === 'wp:tag' ? 'post_tag' : '', slug: '', name: '', description: '', parentSlug: '' };
    } else if (name === 'category' && item) {
      const a = tag.attributes as Record<string, string>;
      itemTerm = { domain: a.domain ?? 'category', slug: a.nicename ?? '' };
    } else if (name === 'wp:comment' && item) {
      inComment = true;
      item.comments++;
    }
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name;
    stack.pop();
    const value = detach(text);
    text = '';
    if (item) {
      if (name === 'item') {
        out.push(item);
        item = null;
      } else if (inComment) {
        if (name === 'wp:comment') inComment = false;
      } else if (name === 'category' && itemTerm) {
        const label = value.trim();
        item.terms.push({ domain: itemTerm.domain, slug: itemTerm.slug, name: label });
        itemTerm = null;
      } else if (name === 'wp:meta_key') metaKey = value.trim();
      else if (name === 'wp:meta_value') metaValue = value;
      else if (name === 'wp:postmeta') {
        if (metaKey) item.meta[metaKey] = metaValue;
        metaKey = '';
        metaValue = '';
      } else if (name === 'wp:is_sticky') item.sticky = value.trim() === '1';
      else if (stack[stack.length - 1] === 'item') {
        const field = ITEM_FIELDS[name];
        if (field) (item as unknown as Record<string, string>)[field] = field === 'content' || field === 'excerpt' ? value : value.trim();
      }
      return;
    }
    if (author) {
      const v = value.trim();
      if (name === 'wp:author') {
        out.push(author);
        author = null;
      } else if (name === 'wp:author_id') author.id = v;
      else if (name === 'wp:author_login') author.login = v;
      else if (name === 'wp:author_email') author.email = v;
      else if (name === 'wp:author_display_name') author.displayName = v;
      else if (name === 'wp:author_first_name') author.firstName = v;
      else if (name === 'wp:author_last_name') author.lastName = v;
      return;
    }
    if (term) {
      const v = value.trim();
      if (name === 'wp:category' || name === 'wp:tag' || name === 'wp:term') {
        out.push(term);
        term = null;
      } else if (name === 'wp:term_id') term.id = v;
      else if (name === 'wp:term_taxonomy') term.taxonomy = v;
      else if (name === 'wp:category_nicename' || name === 'wp:tag_slug' || name === 'wp:term_slug') term.slug = v;
      else if (name === 'wp:cat_name' || name === 'wp:tag_name' || name === 'wp:term_name') term.name = v;
      else if (name === 'wp:category_description' || name === 'wp:tag_description' || name === 'wp:term_description') term.description = v;
      else if (name === 'wp:category_parent' || name === 'wp:term_parent') term.parentSlug = v;
      return;
    }
    if (stack[stack.length - 1] === 'channel') {
      const v = value.trim();
      if (name === 'title') channel.title = v;
      else if (name === 'link') channel.link = v;
      else if (name === 'wp:wxr_version') channel.wxrVersion = v;
      else if (name === 'wp:base_site_url') channel.baseSiteUrl = v;
      else if (name === 'wp:base_blog_url') channel.baseBlogUrl = v;
    }
  });

  let read = 0;
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  for await (const chunk of stream as AsyncIterable<string>) {
    read += Buffer.byteLength(chunk);
    parser.write(chunk.replace(INVALID_XML, ''));
    onBytes?.(read, total);
    while (out.length) yield out.shift()!;
  }
  parser.close();
  if (!sawRss) throw new Error('This is not a WordPress export (WXR) file: it has no <rss> element.');
  sendChannel();
  while (out.length) yield out.shift()!;
}
