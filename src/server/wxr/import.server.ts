import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Repositories } from '../db/repositories/index.server.ts';
import { createContentServices, isContentError, type Actor } from '../content/index.server.ts';
import { readWxr, type WxrAuthor, type WxrItem, type WxrTerm } from './reader.server.ts';
import { convertContent, type ConvertContext } from '../../features/wxr/convert.ts';
import { addImageHosts, pictureOrigins } from '../../features/site/image-hosts.ts';
import { settingsKeys } from '../../features/site/settings.ts';
import { cf7ToDefinition } from '../../features/wxr/cf7.ts';
import { ReportBuilder, type ImportReport, type ReportKind } from '../../features/wxr/report.ts';
import { parseFormDefinition } from '../../features/contact-form/definition.ts';
import { LIMITS, type ContentFieldsInput } from '../../features/content/fields.ts';
import { publicPath, type ContentKind, type ContentStatus } from '../../features/content/status.ts';
import { MAX_SLUG, slugify, slugProblem } from '../../features/content/slug.ts';
import { canonicalFrom, canonicalPath } from '../../features/redirects/paths.ts';
import { archivePath, TERM_LIMITS, type Taxonomy } from '../content/taxonomies.server.ts';
import { postFormats, type PostFormat } from '../../features/post/types.ts';
import type { MenuLocation } from '../../features/navigation/types.ts';
import type { NewMenuItem } from '../db/repositories/menus.server.ts';
import { siteUrlOf, uploadKeyOf, type MediaStore } from '../../features/media/storage.server.ts';

/**
 * Imports a WordPress export (WXR) into the site, through the same write services as the admin
 * (items, media with renditions, taxonomies) and the repositories of menus, forms and redirects.
 *
 * Two streaming passes over the file, one record in memory at a time:
 *   1. authors, terms, attachments (files from the media folder) and Contact Form 7 forms come
 *      in; of every post, page and portfolio item only a small index entry is kept (id, type,
 *      slug, link, date), so that the second pass can point links at addresses that will exist;
 *   2. posts, pages and portfolio items come in (content converted to blocks), then menus and
 *      the redirects from every old address.
 * Every imported object is recorded in the import map with a fingerprint of what the export
 * said: a second run of the same file skips everything, a newer export updates what changed,
 * unless it was edited here since (a conflict: reported, kept).
 */
export interface ImportOptions {
  repos: Repositories;
  dataDir: string;
  /** where copied media files go (runtime.mediaStore; default: the local store in DATA_DIR) */
  mediaStore?: MediaStore;
  /** MEDIA_PUBLIC_URL, when `repos` answer media addresses below it (content and redirects keep the site's own /media/uploads/ address) */
  mediaPublicUrl?: string | undefined;
  file: string;
  /** the old site's `wp-content/uploads` folder (or a folder that holds it) */
  mediaDir?: string | null;
  dryRun?: boolean;
  /** WordPress login → login of an existing account here */
  authorMap?: Record<string, string>;
  /** the account the import runs as (default: the first administrator) */
  actorId?: number;
  /** called once at the end (the site's content version) */
  contentChanged(): Promise<void>;
  onProgress?(p: ImportProgress): void;
  now?: () => Date;
}

export interface ImportProgress {
  phase: 'scan' | 'import';
  /** items handled in this phase so far, and the total (known in the import phase) */
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
}

/** Bad input found before anything is written (exit code 2 for the command line). */
export class ImportInputError extends Error {}

/** Changes of this number make a re-import reconsider every object (the conversion changed). */
const CONVERTER_VERSION = '2';
const PORTFOLIO_TYPES = new Set(['portfolio', 'portfolio_item', 'portfolio-item', 'jetpack-portfolio', 'project']);
const PORTFOLIO_TAXONOMIES = new Set(['portfolio_category', 'portfolio-category', 'portfolio_cat', 'portfolio-cat', 'project_category', 'jetpack-portfolio-type']);
const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif)$/i;

interface IndexEntry {
  kind: ContentKind;
  title: string;
  /** the slug the item has (or will have) here */
  slug: string;
  oldSlug: string;
  link: string;
  date: string;
  status: string;
}

const hash = (v: unknown) => createHash('sha256').update(JSON.stringify([CONVERTER_VERSION, v])).digest('hex').slice(0, 32);

/** `2024-03-01 10:00:00` (GMT) → ISO, or null for WordPress's "no date" (`0000-00-00 00:00:00`). */
/** A WordPress number field (menu order) as a whole number within the editor's limits; 0 when unreadable. */
function wholeNumber(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) ? Math.max(-9999, Math.min(9999, n)) : 0;
}

function isoDate(gmt: string, local: string): string | null {
  for (const d of [gmt, local]) {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(d.trim());
    if (m && m[1] !== '0000') {
      const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
      if (!Number.isNaN(date.getTime())) return date.toISOString();
    }
  }
  return null;
}

const decodeSlug = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The path of an upload below `wp-content/uploads/` (or WordPress.com's files host), without a
 * rendition's size suffix. A Masthead export's own uploads (`/media/uploads/…`, absolute or not)
 * key by that whole path, leading slash included, which no WordPress key has.
 */
export function uploadKey(url: string, sized = false): string | null {
  let p: string;
  try {
    p = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return null;
  }
  if (/^\/media\/uploads\/[^/]/.test(p)) return p;
  const m = /\/wp-content\/uploads\/(.+)$/.exec(p) ?? (/files\.wordpress\.com$/.test(new URL(url, 'http://x').hostname) ? /^\/(.+)$/.exec(p) : null) ?? /\/files\/(\d{4}\/\d{2}\/.+)$/.exec(p);
  if (!m) return null;
  const key = m[1]!.replace(/^sites\/\d+\//, '');
  return sized ? key : key.replace(/-(\d+x\d+|scaled|rotated)(\.[a-z0-9]+)$/i, '$2');
}

export async function importWxr(opts: ImportOptions): Promise<ImportReport> {
  const { repos } = opts;
  const dry = !!opts.dryRun;
  /** origins of pictures the imported content still shows from other sites */
  const outsidePictures = new Set<string>();
  const clock = opts.now ?? (() => new Date());
  const report = new ReportBuilder();
  const services = createContentServices({
    repos,
    dataDir: opts.dataDir,
    ...(opts.mediaStore ? { mediaStore: opts.mediaStore } : {}),
    mediaPublicUrl: opts.mediaPublicUrl,
    contentChanged: async () => undefined,
    now: clock,
  });
  /** The site's address of a media file (what links and redirects keep), whatever address the repositories answer. */
  const siteFile = (file: string) => {
    const k = uploadKeyOf(file, opts.mediaPublicUrl);
    return k ? siteUrlOf(k) : file;
  };
  const totalBytes = (await stat(opts.file).catch(() => null))?.size;
  if (totalBytes === undefined) throw new ImportInputError(`There is no file ${opts.file}.`);
  if (opts.mediaDir && !(await stat(opts.mediaDir).catch(() => null))?.isDirectory()) throw new ImportInputError(`The media folder ${opts.mediaDir} does not exist.`);

  // --author-map: every target must exist before anything is written.
  const mappedAuthors = new Map<string, number>();
  for (const [from, to] of Object.entries(opts.authorMap ?? {})) {
    const user = await repos.users.byLoginOrEmail(to);
    if (!user) throw new ImportInputError(`--author-map: there is no account “${to}” here.`);
    mappedAuthors.set(from.toLowerCase(), user.id);
  }

  const writers = await repos.editorial.writers();
  const firstAdmin = writers.filter((w) => w.role === 'administrator').sort((a, b) => a.id - b.id)[0];
  // With no administrator yet (a new site filled from the command line), the first imported author runs it.
  let actor: Actor | null = opts.actorId ? { id: opts.actorId, role: 'administrator' } : firstAdmin ? { id: firstAdmin.id, role: 'administrator' } : null;

  let site = '';
  let wxrVersion = '';
  let baseUrls: string[] = [];
  const authorIds = new Map<string, number>();
  const terms: WxrTerm[] = [];
  const index = new Map<string, IndexEntry>();
  const menuItems: { id: string; menu: string; parent: string; order: number; type: string; object: string; objectId: string; url: string; title: string }[] = [];
  /** WordPress attachment id → the media item (pictures and the other files; `image` tells which) */
  const mediaIds = new Map<number, { id: number; file: string; image: boolean }>();
  const mediaByKey = new Map<string, { id: number; file: string; image: boolean }>();
  const formIds = new Map<string, number>();
  /** pages whose WordPress parent came later in the file: set after every item is in */
  const pendingParents: { child: string; parent: string; name: string }[] = [];
  const termIds = new Map<string, { id: number; slug: string; taxonomy: Taxonomy }>();
  let itemTotal = 0;
  let comments = 0;
  let fakeId = 0;

  const progress = (phase: ImportProgress['phase'], done: number, total: number, bytes: number) => opts.onProgress?.({ phase, done, total, bytes, totalBytes });

  // -------------------------------------------------------------------------------------------
  // Authors

  async function importAuthor(a: WxrAuthor) {
    const login = a.login.trim();
    if (!login) return;
    const key = login.toLowerCase();
    const mapped = mappedAuthors.get(key);
    if (mapped) {
      authorIds.set(key, mapped);
      report.skipped('authors', login, 'mapped to an existing account (--author-map)');
      return;
    }
    const rec = await repos.imports.get(site, 'author', key);
    if (rec && (await repos.users.byId(rec.localId))) {
      authorIds.set(key, rec.localId);
      report.skipped('authors', login, 'unchanged since the last import');
      return;
    }
    const existing = (await repos.users.byLoginOrEmail(login)) ?? (a.email ? await repos.users.byLoginOrEmail(a.email) : null);
    if (existing) {
      authorIds.set(key, existing.id);
      if (!dry) await repos.imports.put(site, 'author', key, { localId: existing.id, fingerprint: hash(a), revision: 0 });
      report.skipped('authors', login, 'an account with this login or e-mail exists: posts are theirs');
      return;
    }
    if (dry) {
      authorIds.set(key, --fakeId);
      report.created('authors');
      return;
    }
    let slug = slugify(login) || `author-${a.id || key.length}`;
    for (let n = 2; await repos.users.bySlug(slug); n++) slug = `${slugify(login) || 'author'}-${n}`;
    // An account with this e-mail was looked for above: here it is free.
    const emailFree = /^[^\s@]+@[^\s@]+$/.test(a.email);
    const id = await repos.users.create({
      login: clip(login, 60),
      slug,
      email: emailFree ? a.email : `${slug}@users.invalid`,
      displayName: clip(a.displayName || login, 100),
      firstName: a.firstName,
      lastName: a.lastName,
      role: 'author',
      // No usable password: the author sets one through a reset link.
      passwordHash: '',
    });
    authorIds.set(key, id);
    await repos.imports.put(site, 'author', key, { localId: id, fingerprint: hash(a), revision: 0 });
    report.created('authors');
  }

  async function authorFor(login: string): Promise<number | null> {
    const key = login.trim().toLowerCase();
    if (!key) return actor?.id ?? null;
    if (!authorIds.has(key)) await importAuthor({ kind: 'author', id: '', login: login.trim(), email: '', displayName: login.trim(), firstName: '', lastName: '' });
    return authorIds.get(key) ?? actor?.id ?? null;
  }

  // -------------------------------------------------------------------------------------------
  // Terms

  const taxonomyOf = (wpTaxonomy: string): Taxonomy | null => (wpTaxonomy === 'category' ? 'category' : wpTaxonomy === 'post_tag' ? 'tag' : PORTFOLIO_TAXONOMIES.has(wpTaxonomy) ? 'portfolio_category' : null);
  const termKind = (t: Taxonomy): ReportKind => (t === 'category' ? 'categories' : t === 'tag' ? 'tags' : 'portfolioCategories');

  async function importTerms(list: WxrTerm[]) {
    const pending = list.filter((t) => taxonomyOf(t.taxonomy));
    // Parents first, whatever order the file used.
    const done = new Set<string>();
    const bySlug = new Map(pending.map((t) => [`${t.taxonomy}:${t.slug}`, t]));
    const ordered: WxrTerm[] = [];
    const visit = (t: WxrTerm, depth = 0) => {
      const key = `${t.taxonomy}:${t.slug}`;
      if (done.has(key) || depth > 50) return;
      done.add(key);
      const parent = t.parentSlug ? bySlug.get(`${t.taxonomy}:${t.parentSlug}`) : undefined;
      if (parent) visit(parent, depth + 1);
      ordered.push(t);
    };
    pending.forEach((t) => visit(t));
    for (const t of ordered) {
      const taxonomy = taxonomyOf(t.taxonomy)!;
      const kind = termKind(taxonomy);
      const wpKey = `${t.taxonomy}:${t.slug}`;
      const name = clip(textOf(t.name) || decodeSlug(t.slug), TERM_LIMITS.name);
      const description = clip(textOf(t.description), TERM_LIMITS.description);
      const parentId = t.parentSlug ? (termIds.get(`${t.taxonomy}:${t.parentSlug}`)?.id ?? null) : null;
      const fp = hash([name, description, t.parentSlug]);
      const rec = await repos.imports.get(site, 'term', wpKey);
      const current = rec ? await repos.terms.byId(rec.localId) : null;
      try {
        if (rec && current) {
          termIds.set(wpKey, { id: current.id, slug: current.slug, taxonomy });
          if (rec.fingerprint === fp) {
            report.skipped(kind, name, 'unchanged since the last import');
            continue;
          }
          if (!dry && actor) {
            const updated = await services.taxonomies.update(actor, current.id, { name, slug: current.slug, description, parentId: parentId && parentId > 0 ? parentId : null });
            await repos.imports.put(site, 'term', wpKey, { localId: updated.id, fingerprint: fp, revision: 0 });
          }
          report.updated(kind);
          continue;
        }
        const slug = slugify(decodeSlug(t.slug)) || slugify(name) || `${taxonomy}-${t.id || ordered.indexOf(t) + 1}`;
        const same = await repos.terms.bySlug(taxonomy, slug);
        if (same) {
          termIds.set(wpKey, { id: same.id, slug: same.slug, taxonomy });
          if (!dry) await repos.imports.put(site, 'term', wpKey, { localId: same.id, fingerprint: fp, revision: 0 });
          report.skipped(kind, name, 'one with this slug exists here: merged into it');
          continue;
        }
        if (dry || !actor) {
          termIds.set(wpKey, { id: --fakeId, slug, taxonomy });
          report.created(kind);
          continue;
        }
        const created = await services.taxonomies.create(actor, taxonomy, { name, slug, description, parentId: parentId && parentId > 0 ? parentId : null });
        termIds.set(wpKey, { id: created.id, slug: created.slug, taxonomy });
        await repos.imports.put(site, 'term', wpKey, { localId: created.id, fingerprint: fp, revision: 0 });
        report.created(kind);
      } catch (err) {
        report.failed(kind, name, errorText(err));
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Attachments

  async function findFile(item: WxrItem): Promise<string | null> {
    if (!opts.mediaDir) return null;
    const keys = [item.meta._wp_attached_file, uploadKey(item.attachmentUrl, true)].filter((k): k is string => !!k);
    for (const key of keys) {
      for (const prefix of ['', 'wp-content/uploads', 'uploads']) {
        const candidate = path.resolve(opts.mediaDir, prefix, key);
        if (!candidate.startsWith(path.resolve(opts.mediaDir) + path.sep)) continue;
        if ((await stat(candidate).catch(() => null))?.isFile()) return candidate;
      }
    }
    return null;
  }

  async function importAttachment(item: WxrItem) {
    const name = item.title || path.basename(item.attachmentUrl) || `#${item.id}`;
    const wpId = Number(item.id);
    const key = uploadKey(item.attachmentUrl);
    const texts = { alt: clip(item.meta._wp_attachment_image_alt ?? '', 500), caption: clip(textOf(item.excerpt), 1000), title: clip(textOf(item.title), 300) };
    const fp = hash([item.attachmentUrl, texts]);
    const remember = (id: number, file: string, image: boolean) => {
      mediaIds.set(wpId, { id, file: siteFile(file), image });
      if (key) mediaByKey.set(key, { id, file: siteFile(file), image });
    };
    const rec = await repos.imports.get(site, 'attachment', item.id);
    const current = rec ? await repos.media.byId(rec.localId) : null;
    if (rec && current) {
      remember(current.id, current.file, current.mime.startsWith('image/'));
      if (rec.fingerprint === fp) return report.skipped('media', name, 'unchanged since the last import');
      if (!dry && actor) {
        await services.media.update(actor, current.id, { ...texts, credit: current.credit });
        await repos.imports.put(site, 'attachment', item.id, { localId: current.id, fingerprint: fp, revision: 0 });
      }
      return report.updated('media');
    }
    // Pictures and the other files alike (PDF, documents, audio, video…): the media library checks
    // each by its content and refuses (reported as skipped) the types it does not take.
    if (!opts.mediaDir) return report.skipped('media', name, 'no uploads folder given (--media, or the zip in the admin): the file stays at its old address');
    const file = await findFile(item);
    if (!file) return report.failed('media', name, `file not found in the media folder (${item.meta._wp_attached_file || key || item.attachmentUrl}); posts keep a placeholder`);
    if (dry || !actor) {
      remember(--fakeId, '', IMAGE_EXT.test(item.attachmentUrl.split('?')[0] ?? ''));
      return report.created('media');
    }
    try {
      const bytes = await readFile(file);
      const media = await services.media.ingest(actor, { bytes, filename: path.basename(file) }, texts);
      remember(media.id, media.file, media.mime.startsWith('image/'));
      await repos.imports.put(site, 'attachment', item.id, { localId: media.id, fingerprint: fp, revision: 0 });
      report.created('media');
    } catch (err) {
      if (isContentError(err) && (err.code === 'unsupported' || err.code === 'too_large' || err.code === 'invalid')) report.skipped('media', name, err.message);
      else report.failed('media', name, errorText(err));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Contact Form 7

  async function importForm(item: WxrItem) {
    // Masthead's own export names the form's id here (its WordPress id is in the shared id space).
    const wpId = Number(item.meta._masthead_form_id) || Number(item.id);
    const title = textOf(item.title) || `Form ${item.id}`;
    const fp = hash([item.title, item.meta._form, item.meta._mail, item.meta._mail_2, item.meta._messages, item.meta._additional_settings, item.meta._locale]);
    const remember = (id: number) => {
      formIds.set(item.id, id);
      const h = (item.meta._hash ?? '').trim();
      if (h) formIds.set(h.slice(0, 7), id);
    };
    const rec = await repos.imports.get(site, 'form', item.id);
    const current = rec ? await repos.forms.byId(rec.localId) : null;
    const conversion = cf7ToDefinition(current?.id ?? wpId, title, item.meta);
    let definition;
    try {
      definition = parseFormDefinition(conversion.definition);
    } catch (err) {
      return report.failed('forms', title, `its form cannot be read: ${errorText(err)}`);
    }
    for (const d of conversion.dropped) report.note(`Contact form “${title}”: ${d} is not supported and was left out.`);
    for (const n of conversion.notes) report.note(`Contact form “${title}”: ${n}`);
    if (rec && current) {
      remember(current.id);
      if (rec.fingerprint === fp) return report.skipped('forms', title, 'unchanged since the last import');
      if (!dry) {
        await repos.imports.updateForm(current.id, definition.title, definition.locale, definition);
        await repos.imports.put(site, 'form', item.id, { localId: current.id, fingerprint: fp, revision: 0 });
      }
      return report.updated('forms');
    }
    if (dry) {
      remember(wpId);
      return report.created('forms');
    }
    const taken = await repos.forms.byId(wpId);
    const id = await repos.forms.create({ ...(taken ? {} : { id: wpId }), title: definition.title, locale: definition.locale, definition });
    if (taken) {
      await repos.imports.updateForm(id, definition.title, definition.locale, { ...definition, id });
      report.note(`Contact form “${title}”: id ${wpId} was taken here, so it is form ${id}; its shortcodes in imported content point at ${id}.`);
    }
    remember(id);
    await repos.imports.put(site, 'form', item.id, { localId: id, fingerprint: fp, revision: 0 });
    report.created('forms');
  }

  // -------------------------------------------------------------------------------------------
  // Pass 1

  const planned = new Set<string>();
  async function planSlug(kind: ContentKind, item: WxrItem): Promise<string> {
    const rec = await repos.imports.get(site, kind, item.id);
    if (rec) {
      const current = await repos.editorial.get(kind, rec.localId);
      if (current) return current.slug;
    }
    let base = slugify(decodeSlug(item.slug)) || slugify(textOf(item.title)) || `${kind === 'portfolio' ? 'project' : kind}-${item.id}`;
    if (slugProblem(base, kind)) base = `${base}-${kind}`.slice(0, MAX_SLUG);
    const space = kind === 'portfolio' ? 'portfolio' : 'post';
    for (let n = 1; n < 10_000; n++) {
      const suffix = n === 1 ? '' : `-${n}`;
      const candidate = `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (planned.has(`${space}:${candidate}`)) continue;
      if (await repos.editorial.slugHolder(kind, candidate)) continue;
      planned.add(`${space}:${candidate}`);
      return candidate;
    }
    throw new Error(`No free slug for “${base}”.`);
  }

  const itemKind = (type: string): ContentKind | null => (type === 'post' ? 'post' : type === 'page' ? 'page' : PORTFOLIO_TYPES.has(type) ? 'portfolio' : null);

  let scanned = 0;
  const authors: WxrAuthor[] = [];
  const attachments: WxrItem[] = [];
  const forms: WxrItem[] = [];
  const reader = readWxr(opts.file, (bytes) => progress('scan', scanned, 0, bytes));
  for await (const r of guarded(reader)) {
    if (r.kind === 'channel') {
      site = (r.baseSiteUrl || r.link || 'wordpress').replace(/\/+$/, '');
      wxrVersion = r.wxrVersion;
      baseUrls = [...new Set([r.baseSiteUrl, r.baseBlogUrl, r.link].filter(Boolean).map((u) => u.replace(/\/+$/, '')))];
      if (!/^1\.[0-2]$/.test(wxrVersion)) report.note(`WXR version ${wxrVersion}: read as 1.2.`);
    } else if (r.kind === 'author') {
      authors.push(r);
    } else if (r.kind === 'term') {
      terms.push(r);
    } else {
      scanned++;
      comments += r.comments;
      const kind = itemKind(r.type);
      // Attachments and forms are small records (no content): kept until the whole file has been read.
      if (r.type === 'attachment') attachments.push({ ...r, content: '' });
      else if (r.type === 'wpcf7_contact_form') forms.push({ ...r, content: '' });
      else if (r.type === 'nav_menu_item') {
        const menu = r.terms.find((t) => t.domain === 'nav_menu');
        menuItems.push({ id: r.id, menu: menu?.slug ?? '', parent: r.meta._menu_item_menu_item_parent ?? '0', order: Number(r.menuOrder) || 0, type: r.meta._menu_item_type ?? 'custom', object: r.meta._menu_item_object ?? '', objectId: r.meta._menu_item_object_id ?? '', url: r.meta._menu_item_url ?? '', title: textOf(r.title) });
        if (menu && !terms.some((t) => t.taxonomy === 'nav_menu' && t.slug === menu.slug)) terms.push({ kind: 'term', id: '', taxonomy: 'nav_menu', slug: menu.slug, name: menu.name, description: '', parentSlug: '' });
      } else if (kind) {
        itemTotal++;
        if (!['trash', 'auto-draft', 'inherit'].includes(r.status)) index.set(r.id, { kind, title: textOf(r.title), slug: await planSlug(kind, r), oldSlug: r.slug, link: r.link, date: r.date, status: r.status });
      } else if (!['revision', 'customize_changeset', 'custom_css', 'oembed_cache', 'user_request', 'wp_global_styles', 'wp_navigation', 'wp_template', 'wp_template_part', 'wp_block', 'feedback', 'flamingo_contact', 'flamingo_inbound', 'jp_pay_product'].includes(r.type)) {
        report.skipped('posts', textOf(r.title) || `#${r.id}`, `post type “${r.type}” has no place here`);
      }
    }
  }
  if (!site) throw new ImportInputError('This file has no channel: it is not a WordPress export.');

  // The whole file is well-formed: from here on things are written.
  for (const a of authors) await importAuthor(a);
  actor ??= authorIds.size ? { id: [...authorIds.values()].find((id) => id > 0) ?? 0, role: 'administrator' } : null;
  if (!actor && !dry) throw new ImportInputError('There is no administrator account to import as, and the file names no author.');
  for (const a of attachments) await importAttachment(a);
  for (const f of forms) await importForm(f);

  await importTerms(terms);

  // -------------------------------------------------------------------------------------------
  // Links: old addresses → new ones

  const newPathOf = new Map<string, string>();
  /** old post slug → new address: links whose date part is off still find their post, as WordPress's own 404 guess does */
  const postByOldSlug = new Map<string, string>();
  for (const [id, e] of index) {
    const to = publicPath(e.kind, e.slug);
    if (e.kind === 'post' && e.oldSlug && !postByOldSlug.has(e.oldSlug.toLowerCase())) postByOldSlug.set(e.oldSlug.toLowerCase(), to);
    const from = e.link ? canonicalFrom(e.link) : null;
    if (from) newPathOf.set(from, to);
    newPathOf.set(`/?p=${id}`, to);
    if (e.kind === 'page') newPathOf.set(`/?page_id=${id}`, to);
  }
  for (const t of terms) {
    const local = termIds.get(`${t.taxonomy}:${t.slug}`);
    const to = local ? archivePath(local.taxonomy, local.slug) : null;
    if (!to) continue;
    for (const from of termOldPaths(t)) newPathOf.set(from, to);
  }

  function termOldPaths(t: WxrTerm): string[] {
    const out: string[] = [];
    if (t.taxonomy === 'category') {
      const chain = [t.slug];
      let parent = t.parentSlug;
      for (let i = 0; parent && i < 20; i++) {
        chain.unshift(parent);
        parent = terms.find((x) => x.taxonomy === 'category' && x.slug === parent)?.parentSlug ?? '';
      }
      for (const p of [`/category/${chain.join('/')}/`, `/category/${t.slug}/`]) {
        const c = canonicalPath(p);
        if (c) out.push(c);
      }
      if (t.id) out.push(`/?cat=${t.id}`);
    } else if (t.taxonomy === 'post_tag') {
      const c = canonicalPath(`/tag/${t.slug}/`);
      if (c) out.push(c);
      if (/^[\w-]{1,200}$/.test(t.slug)) out.push(`/?tag=${t.slug}`);
    }
    return out;
  }

  const isOld = (url: string) => baseUrls.some((b) => url === b || url.startsWith(`${b}/`) || url.startsWith(`${b}?`)) || /^\/\?(p|page_id|cat)=\d+/.test(url);
  const ctx: ConvertContext = {
    // pictures only: a file that is not one never becomes an image, gallery or cover block
    mediaById: (id) => {
      const m = mediaIds.get(id);
      return m?.image ? m.id : null;
    },
    mediaByUrl: (url) => {
      const k = uploadKey(url);
      const m = k ? mediaByKey.get(k) : undefined;
      return m?.image ? m.id : null;
    },
    formId: (idOrHash) => formIds.get(idOrHash) ?? formIds.get(idOrHash.slice(0, 7)) ?? null,
    rewriteUrl: (url) => {
      const u = url.trim();
      // a link to a file of the site that exported (a Masthead export: its uploads, relative)
      if (u.startsWith('/media/uploads/')) return mediaByKey.get(uploadKey(u) ?? '')?.file || u;
      if (!isOld(u)) return u;
      const key = uploadKey(u);
      if (key) {
        const m = mediaByKey.get(key);
        return m?.file ? m.file : u;
      }
      const hashAt = u.indexOf('#');
      const fragment = hashAt >= 0 ? u.slice(hashAt) : '';
      const from = canonicalFrom(hashAt >= 0 ? u.slice(0, hashAt) : u);
      if (!from) return u;
      const dated = /^\/\d{4}\/\d{2}\/(?:\d{2}\/)?([^/]+)\/$/.exec(from);
      return (newPathOf.get(from) ?? (dated ? postByOldSlug.get(dated[1]!.toLowerCase()) : undefined) ?? from) + fragment;
    },
  };

  // -------------------------------------------------------------------------------------------
  // Pass 2: posts, pages, portfolio

  const kindReport = (k: ContentKind): ReportKind => (k === 'post' ? 'posts' : k === 'page' ? 'pages' : 'portfolio');
  let done = 0;
  progress('import', 0, itemTotal, totalBytes);
  for await (const r of readWxr(opts.file)) {
    if (r.kind !== 'item') continue;
    const kind = itemKind(r.type);
    if (!kind) continue;
    try {
      await importItem(kind, r);
    } catch (err) {
      report.failed(kindReport(kind), textOf(r.title) || `#${r.id}`, errorText(err));
    }
    done++;
    progress('import', done, itemTotal, totalBytes);
  }

  async function importItem(kind: ContentKind, item: WxrItem) {
    const rk = kindReport(kind);
    const title = textOf(item.title);
    const name = title || `#${item.id}`;
    if (item.status === 'trash') return report.skipped(rk, name, 'in WordPress’s trash');
    if (item.status === 'auto-draft' || item.status === 'inherit') return report.skipped(rk, name, `an ${item.status} (WordPress’s working copy)`);
    const entry = index.get(item.id)!;
    const fp = hash([item.title, item.content, item.excerpt, item.status, item.date, item.dateGmt, item.slug, item.terms, item.meta._thumbnail_id, item.sticky, item.password, item.creator, item.parent, item.menuOrder]);
    const rec = await repos.imports.get(site, kind, item.id);
    const current = rec ? await repos.editorial.get(kind, rec.localId) : null;
    if (rec && current && rec.fingerprint === fp) return report.skipped(rk, name, 'unchanged since the last import');
    if (rec && current && current.revision !== rec.revision) return report.skipped(rk, name, 'conflict: changed in WordPress and edited here since the last import (kept as edited here)');

    // Status and date
    const now = clock();
    const date = isoDate(item.dateGmt, item.date);
    let status: Exclude<ContentStatus, 'trash'>;
    switch (item.status) {
      case 'publish':
      case 'future':
        status = date && new Date(date).getTime() > now.getTime() + 10_000 ? 'future' : 'publish';
        if (item.status === 'future' && status === 'publish') report.note(`“${name}” was scheduled for a time that has passed: published.`);
        break;
      case 'private':
        status = 'private';
        break;
      case 'pending':
        status = 'pending';
        break;
      default:
        status = 'draft';
    }
    // Posts and pages keep their password (features/post/password.server.ts); portfolio items have none.
    const password = kind === 'portfolio' ? '' : item.password.slice(0, LIMITS.password);
    if (kind === 'portfolio' && item.password && (status === 'publish' || status === 'future')) {
      status = 'private';
      report.note(`“${name}” was password-protected: imported as private (readers need an account).`);
    }

    // Content
    const conversion = convertContent(item.content, ctx);
    for (const f of conversion.fallbacks) report.fallback(f);
    for (const m of conversion.missingMedia) report.note(`“${name}”: image ${m} was not imported; the post shows it from the old address until it is replaced.`);
    let blocks = conversion.blocks;
    for (const o of pictureOrigins(blocks)) outsidePictures.add(o);
    if (blocks.length > LIMITS.blocks) {
      blocks = blocks.slice(0, LIMITS.blocks);
      report.note(`“${name}”: only the first ${LIMITS.blocks} blocks were kept.`);
    }
    if (title.length > LIMITS.title) report.note(`“${clip(name, 60)}”: the title was shortened to ${LIMITS.title} characters.`);

    // Terms
    const categoryIds: number[] = [];
    const tags: string[] = [];
    let format: PostFormat = 'standard';
    for (const t of item.terms) {
      if (t.domain === 'post_format') {
        const f = t.slug.replace(/^post-format-/, '') as PostFormat;
        if ((postFormats as readonly string[]).includes(f)) format = f;
        continue;
      }
      const taxonomy = t.domain === 'category' ? 'category' : t.domain === 'post_tag' || t.domain === 'tag' ? 'tag' : PORTFOLIO_TAXONOMIES.has(t.domain) ? 'portfolio_category' : null;
      if (!taxonomy) continue;
      const slug = t.slug || slugify(t.name);
      const wpTaxonomy = t.domain === 'tag' ? 'post_tag' : t.domain;
      let local = termIds.get(`${wpTaxonomy}:${slug}`);
      if (!local && taxonomy !== 'tag') {
        // WXR 1.0 names an item's categories without declaring them: create them on first sight.
        const declared: WxrTerm = { kind: 'term', id: '', taxonomy: wpTaxonomy, slug, name: t.name, description: '', parentSlug: '' };
        terms.push(declared);
        await importTerms([declared]);
        local = termIds.get(`${wpTaxonomy}:${slug}`);
      }
      if (taxonomy === 'tag') tags.push(clip(textOf(t.name) || decodeSlug(slug), 100));
      else if (local && local.id > 0 && ((kind === 'portfolio') === (taxonomy === 'portfolio_category'))) categoryIds.push(local.id);
    }
    const uniqueCats = [...new Set(categoryIds)];
    if (uniqueCats.length > LIMITS.terms || tags.length > LIMITS.terms) report.note(`“${name}”: only the first ${LIMITS.terms} categories and tags were kept.`);

    const thumb = Number(item.meta._thumbnail_id ?? NaN);
    const featured = Number.isFinite(thumb) ? mediaIds.get(thumb) : undefined;
    const featuredMediaId = featured?.image ? featured.id : null;
    if (Number.isFinite(thumb) && thumb > 0 && !featuredMediaId) report.note(`“${name}”: its featured image (#${thumb}) was not imported.`);

    const authorId = await authorFor(item.creator);
    const fields: ContentFieldsInput = {
      title: clip(title, LIMITS.title),
      slug: entry.slug,
      excerpt: clip(textOf(item.excerpt), LIMITS.excerpt),
      blocks,
      format: kind === 'post' ? format : 'standard',
      categoryIds: kind === 'page' ? [] : uniqueCats.slice(0, LIMITS.terms),
      tags: kind === 'post' ? [...new Set(tags)].slice(0, LIMITS.terms) : [],
      featuredMediaId: featuredMediaId && featuredMediaId > 0 ? featuredMediaId : null,
      authorId: authorId && authorId > 0 ? authorId : null,
      // A published date a few seconds ahead of this clock is "now" (the service refuses a future one).
      date: status === 'draft' || status === 'pending' ? (isoDate(item.dateGmt, '') ?? null) : status !== 'future' && date && date > now.toISOString() ? now.toISOString() : date,
      sticky: kind === 'post' && item.sticky,
      password,
      ...(kind === 'page' ? { parentId: await pageParent(item), menuOrder: wholeNumber(item.menuOrder) } : {}),
    };
    if (dry || !actor) {
      if (rec && current) report.updated(rk);
      else report.created(rk);
      return;
    }
    let saved;
    if (rec && current) {
      saved = await updateItem(actor, kind, current.id, current.revision, current.status, status, fields);
      report.updated(rk);
    } else {
      saved = await services.items.create(actor, kind, fields, status);
      report.created(rk);
    }
    await repos.imports.put(site, kind, item.id, { localId: saved.id, fingerprint: fp, revision: saved.revision });
    if (saved.status === 'publish' || saved.status === 'private') await itemRedirects(kind, item, entry, saved.fields.slug);
  }

  /**
   * The local id of a page's WordPress parent when that parent is already here; a parent later in
   * the file is set by the pass after the items (`pendingParents`).
   */
  async function pageParent(item: WxrItem): Promise<number | null> {
    const wpParent = item.parent.trim();
    if (!wpParent || wpParent === '0') return null;
    const rec = await repos.imports.get(site, 'page', wpParent);
    if (rec && (await repos.editorial.get('page', rec.localId))) return rec.localId;
    pendingParents.push({ child: item.id, parent: wpParent, name: textOf(item.title) || `#${item.id}` });
    return null;
  }

  async function updateItem(actor: Actor, kind: ContentKind, id: number, revision: number, from: ContentStatus, to: ContentStatus, fields: ContentFieldsInput) {
    const items = services.items;
    if (to === 'publish' || to === 'private') return items.publish(actor, kind, id, revision, fields, to === 'private' ? 'private' : 'public');
    if (to === 'future') return items.schedule(actor, kind, id, revision, fields);
    if (from === 'trash') {
      const restored = await items.restore(actor, kind, id);
      return items.save(actor, kind, id, restored.revision, fields);
    }
    if (from === 'publish' || from === 'private' || from === 'future') {
      const back = await items.unpublish(actor, kind, id, revision);
      revision = back.revision;
    }
    const saved = await items.save(actor, kind, id, revision, fields);
    if (to === 'pending' && saved.status === 'draft') return items.submitForReview(actor, kind, id, saved.revision, null);
    return saved;
  }

  // -------------------------------------------------------------------------------------------
  // Redirects

  async function redirect(from: string | null, to: string) {
    if (!from || from === to || from === '/') return;
    const existing = await repos.redirects.find(from);
    if (existing?.to === to) return report.skipped('redirects', from, 'unchanged since the last import');
    if (existing && existing.source === 'manual') return report.skipped('redirects', from, 'a redirect made by hand already starts here (kept)');
    if (dry) return report.created('redirects');
    await repos.redirects.save({ from, to, source: 'import' });
    if (existing) report.updated('redirects');
    else report.created('redirects');
  }

  async function itemRedirects(kind: ContentKind, item: WxrItem, entry: IndexEntry, slug: string) {
    const to = publicPath(kind, slug);
    const froms = new Set<string>();
    const add = (p: string | null) => p && froms.add(p);
    if (entry.link && isOld(entry.link.replace(/\/+$/, '/'))) add(canonicalFrom(entry.link));
    add(kind === 'page' ? `/?page_id=${item.id}` : `/?p=${item.id}`);
    if (kind === 'page') add(`/?p=${item.id}`);
    const oldSlug = item.slug.trim();
    if (oldSlug) {
      const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(item.date);
      if (kind === 'post' && d) {
        add(canonicalPath(`/${d[1]}/${d[2]}/${d[3]}/${oldSlug}/`));
        add(canonicalPath(`/${d[1]}/${d[2]}/${oldSlug}/`));
      }
      // The old slug's address, unless another imported item lives there now (duplicate slugs).
      const oldHere = slugify(decodeSlug(oldSlug));
      if (oldHere === slug || !planned.has(`${kind === 'portfolio' ? 'portfolio' : 'post'}:${oldHere}`)) add(canonicalPath(kind === 'portfolio' ? `/portfolio/${oldSlug}/` : `/${oldSlug}/`));
    }
    for (const from of froms) await redirect(from, to);
  }

  await settleParents();

  /** The parents that came later in the file than their pages; one that never came leaves its page at the top. */
  async function settleParents() {
    for (const p of pendingParents) {
      const [child, parent] = await Promise.all([repos.imports.get(site, 'page', p.child), repos.imports.get(site, 'page', p.parent)]);
      if (!child) continue; // not written (dry run, or it failed and is reported as such)
      if (!parent || !(await repos.editorial.get('page', parent.localId))) {
        report.note(`“${p.name}”: its parent page (#${p.parent}) is not in the file; it is a top-level page here.`);
        continue;
      }
      // a loop in the file (a page under its own sub-page) is broken where it closes
      if (await repos.editorial.wouldLoop(child.localId, parent.localId)) {
        report.note(`“${p.name}”: its parent page (#${p.parent}) is below it in the file's tree; it is a top-level page here.`);
        continue;
      }
      await repos.editorial.setPageParent(child.localId, parent.localId);
    }
  }

  const termsWithRedirects = terms.filter((t) => t.taxonomy === 'category' || t.taxonomy === 'post_tag');
  for (const t of termsWithRedirects) {
    const local = termIds.get(`${t.taxonomy}:${t.slug}`);
    const to = local && local.id > 0 ? archivePath(local.taxonomy, local.slug) : null;
    if (!to) continue;
    for (const from of termOldPaths(t)) await redirect(from, to);
  }
  for (const [wpId, m] of mediaIds) if (m.file && m.id > 0) await redirect(`/?attachment_id=${wpId}`, m.file);
  for (const [key, m] of mediaByKey) if (m.file && m.id > 0 && !key.startsWith('/')) await redirect(canonicalPath(`/wp-content/uploads/${key}`), m.file);

  // -------------------------------------------------------------------------------------------
  // Menus

  await importMenus();

  async function importMenus() {
    const menus = terms.filter((t) => t.taxonomy === 'nav_menu');
    const taken = new Map<MenuLocation, string>();
    for (const menu of menus) {
      const items = menuItems.filter((i) => i.menu === menu.slug);
      const name = textOf(menu.name) || menu.slug;
      if (!items.length) {
        report.skipped('menus', name, 'empty');
        continue;
      }
      const wanted: MenuLocation = /foot/i.test(`${menu.slug} ${name}`) ? 'footer' : /side|social|secondary|top/i.test(`${menu.slug} ${name}`) ? 'side' : 'main';
      const location = !taken.has(wanted) ? wanted : (['main', 'footer', 'side'] as const).find((l) => !taken.has(l));
      if (!location) {
        report.skipped('menus', name, 'every menu location (main, footer, side) is already filled by this import');
        continue;
      }
      taken.set(location, name);
      const byId = new Map(items.map((i) => [i.id, { ...i, children: [] as typeof items }]));
      const roots: ReturnType<typeof byId.get>[] = [];
      for (const i of [...byId.values()].sort((a, b) => a.order - b.order)) {
        const parent = i.parent !== '0' ? byId.get(i.parent) : undefined;
        if (parent) parent.children.push(i);
        else roots.push(i);
      }
      const toNew = (list: (typeof items)[number][]): NewMenuItem[] =>
        list.flatMap((i) => {
          const node = byId.get(i.id)!;
          let url: string | null = null;
          let label = i.title;
          if (i.type === 'post_type') {
            const e = index.get(i.objectId);
            if (e && (e.status === 'publish' || e.status === 'private' || e.status === 'future')) {
              url = publicPath(e.kind, e.slug);
              label ||= e.title;
            }
          } else if (i.type === 'taxonomy') {
            const wpTaxonomy = i.object;
            const t = terms.find((x) => x.taxonomy === wpTaxonomy && x.id === i.objectId);
            const local = t ? termIds.get(`${t.taxonomy}:${t.slug}`) : undefined;
            if (local) {
              url = archivePath(local.taxonomy, local.slug) ?? '/portfolio/';
              label ||= textOf(t!.name);
            }
          } else if (i.url) {
            url = ctx.rewriteUrl(i.url);
          }
          if (!url || !label) {
            report.note(`Menu “${name}”: the entry “${label || i.id}” points at something that was not imported; left out.`);
            return [];
          }
          return [{ label: clip(label, 100), url, children: toNew(node.children) }];
        });
      const tree = toNew(roots as (typeof items)[number][]);
      // The record keeps two fingerprints: of what the export said, and of the menu as written here.
      const sourceFp = hash(items);
      const writtenFp = hash(menuShape(tree));
      const rec = await repos.imports.get(site, 'menu', menu.slug);
      const currentTree = await repos.menus.tree(location);
      const [recSource, recWritten] = rec ? rec.fingerprint.split(':') : [];
      if (rec && hash(menuShape(currentTree)) !== recWritten) {
        report.skipped('menus', name, `conflict: the ${location} menu was edited here since the last import (kept as edited here)`);
        continue;
      }
      if (rec && recSource === sourceFp) {
        report.skipped('menus', name, 'unchanged since the last import');
        continue;
      }
      if (!dry) {
        if (!rec && currentTree.length) report.note(`Menu “${name}” replaced the ${location} menu that was here.`);
        await repos.menus.replace(location, tree);
        await repos.imports.put(site, 'menu', menu.slug, { localId: 0, fingerprint: `${sourceFp}:${writtenFp}`, revision: 0 });
      }
      if (rec) report.updated('menus');
      else report.created('menus');
    }
  }

  if (comments) report.skipped('comments', `${comments}`, 'comments are not imported (the site has no comments yet)', comments);
  // Pictures the content still shows from other sites (the old one, when its uploads stayed
  // there) would be blocked by the CSP's img-src: their hosts join the theme's outside image hosts.
  if (outsidePictures.size) {
    const theme = await repos.settings.get('theme', settingsKeys.theme);
    const imageHosts = addImageHosts(theme.imageHosts, outsidePictures);
    if (imageHosts !== theme.imageHosts) {
      if (!dry) await repos.settings.set('theme', settingsKeys.theme, { ...theme, imageHosts });
      report.note(`Imported content shows pictures from ${[...outsidePictures].join(', ')}: ${dry ? 'these would be' : 'these are'} allowed in Settings → Theme → Outside image hosts.`);
    }
  }
  if (!dry) await opts.contentChanged();
  return report.build(site, wxrVersion, dry);
}

interface MenuNode {
  label: string;
  url: string;
  children?: MenuNode[];
}
const menuShape = (list: readonly MenuNode[]): unknown => list.map((i) => [i.label, i.url, menuShape(i.children ?? [])]);

/** Parse errors of the file are bad input (nothing has been written when they surface in the first pass). */
async function* guarded<T>(it: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* it;
  } catch (err) {
    if (err instanceof Error && !(err instanceof ImportInputError) && /not a WordPress export|^\S*:\d+:\d+:|XML|xml|tag|entity|character/.test(err.message)) {
      throw new ImportInputError(/not a WordPress export/.test(err.message) ? err.message : `This file is not well-formed XML: ${err.message}`);
    }
    throw err;
  }
}

function errorText(err: unknown): string {
  if (isContentError(err)) return err.field ? `${err.message} (${err.field})` : err.message;
  if (err && typeof err === 'object' && 'issues' in err && Array.isArray((err as { issues: unknown[] }).issues)) {
    return (err as { issues: { path: unknown[]; message: string }[] }).issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  }
  return err instanceof Error ? err.message : String(err);
}
