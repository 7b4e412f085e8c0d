import type { Writable } from 'node:stream';
import type { Repositories } from '../db/repositories/index.server.ts';
import type { ContentKind } from '../../features/content/status.ts';
import type { MenuItem, MenuLocation } from '../../features/navigation/types.ts';
import type { Term } from '../../features/post/types.ts';
import { blocksToMarkup, type MarkupContext } from '../../features/wxr/gutenberg.ts';
import { fieldsToTemplate, mailToCf7 } from '../../features/wxr/cf7.ts';
import { serialize } from '../../features/wxr/php.ts';
import { parseFormDefinition, type FormDefinition } from '../../features/contact-form/definition.ts';

/**
 * The whole site as a WordPress export (WXR 1.2), written as a stream: authors, categories
 * (with parents), tags, portfolio categories, menus, media (attachments pointing at the
 * originals' public addresses), posts, pages, portfolio items (blocks as Gutenberg markup),
 * navigation menu items and Contact Form 7 forms. WordPress's importer takes it; so does ours
 * (a round trip gives the same content).
 *
 * WordPress has one id space for every post type; here posts and pages keep their ids (so
 * `/?p=ID` links stay meaningful) and portfolio items, media, menu items and forms follow above
 * the highest post id.
 */
export interface ExportOptions {
  repos: Repositories;
  /** the site's absolute address (PUBLIC_URL) */
  siteUrl: string;
  siteTitle: string;
  out: Writable;
  now?: () => Date;
}

const PAGE = 200;
const cdata = (s: string) => `<![CDATA[${s.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const wpDate = (iso: string) => iso.slice(0, 19).replace('T', ' ');
const rfc822 = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');

export async function exportWxr(opts: ExportOptions): Promise<{ items: number }> {
  const { repos } = opts;
  const base = opts.siteUrl.replace(/\/+$/, '');
  /** A media file's full address: the site's, or MEDIA_PUBLIC_URL's when the repositories answer that one. */
  const mediaUrl = (file: string) => (/^https?:\/\//.test(file) ? file : `${base}${file}`);
  /** `_wp_attached_file`: the path below the media root (`uploads/2026/11/a.jpg`, `demo/a.jpg`). */
  const attachedFile = (file: string) => (/^https?:\/\//.test(file) ? (/\/(uploads\/[^?#]+)$/.exec(file)?.[1] ?? file.replace(/^.*\//, '')) : file.replace(/^\/media\//, ''));
  const write = async (s: string) => {
    if (!opts.out.write(`${s}\n`)) await new Promise<void>((resolve) => opts.out.once('drain', () => resolve()));
  };

  // Ids: collect every kind's ids first (numbers only), then lay the id spaces out.
  const ids: Record<ContentKind, number[]> = { post: [], page: [], portfolio: [] };
  for (const kind of ['post', 'page', 'portfolio'] as const) {
    for (let offset = 0; ; offset += PAGE) {
      const { items } = await repos.editorial.list({ kind, status: 'all', limit: PAGE, offset });
      ids[kind].push(...items.map((i) => i.id));
      if (items.length < PAGE) break;
    }
  }
  const mediaIds: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { items } = await repos.media.list({ limit: PAGE, offset });
    mediaIds.push(...items.map((m) => m.id));
    if (items.length < PAGE) break;
  }
  const forms = (await repos.editorial.forms()).map((f) => f.id);
  const maxPost = Math.max(0, ...ids.post, ...ids.page);
  const maxPortfolio = Math.max(0, ...ids.portfolio);
  const maxMedia = Math.max(0, ...mediaIds);
  const locations: MenuLocation[] = ['main', 'footer', 'side'];
  const menus = new Map<MenuLocation, MenuItem[]>();
  for (const l of locations) {
    const tree = await repos.menus.tree(l);
    if (tree.length) menus.set(l, tree);
  }
  const size = (list: MenuItem[]): number => list.reduce((n, m) => n + 1 + size(m.children), 0);
  const menuCount = [...menus.values()].reduce((n, t) => n + size(t), 0);
  const wpId = {
    post: (id: number) => id,
    portfolio: (id: number) => maxPost + id,
    media: (id: number) => maxPost + maxPortfolio + id,
    menuItem: (n: number) => maxPost + maxPortfolio + maxMedia + n,
    form: (id: number) => maxPost + maxPortfolio + maxMedia + menuCount + id,
  };
  const mediaFiles = await repos.media.byIds(mediaIds);
  const ctx: MarkupContext = {
    media: (id) => {
      const m = mediaFiles[id];
      return m ? { wpId: wpId.media(id), url: mediaUrl(m.file), alt: m.alt } : null;
    },
    formId: (id) => wpId.form(id),
  };

  const users = await repos.editorial.writers();
  const userById = new Map<number, { login: string; displayName: string; email: string }>();
  for (const w of users) {
    const u = await repos.users.byId(w.id);
    if (u) userById.set(u.id, { login: u.login, displayName: u.displayName, email: u.email });
  }
  const [categories, tags, portfolioCats] = await Promise.all([repos.terms.listForAdmin('category'), repos.terms.listForAdmin('tag'), repos.terms.listForAdmin('portfolio_category')]);
  const termById = new Map<number, Term>([...categories, ...tags, ...portfolioCats].map((t) => [t.id, t]));

  await write('<?xml version="1.0" encoding="UTF-8" ?>');
  await write('<!-- A WordPress eXtended RSS file (WXR 1.2) written by Masthead: import it with WordPress\'s Tools → Import → WordPress. -->');
  await write(
    '<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">',
  );
  await write('<channel>');
  await write(`\t<title>${esc(opts.siteTitle)}</title>\n\t<link>${esc(base)}</link>\n\t<description></description>\n\t<pubDate>${rfc822((opts.now?.() ?? new Date()).toISOString())}</pubDate>\n\t<language>en-US</language>`);
  await write(`\t<wp:wxr_version>1.2</wp:wxr_version>\n\t<wp:base_site_url>${esc(base)}</wp:base_site_url>\n\t<wp:base_blog_url>${esc(base)}</wp:base_blog_url>`);

  for (const [id, u] of userById) {
    await write(
      `\t<wp:author><wp:author_id>${id}</wp:author_id><wp:author_login>${cdata(u.login)}</wp:author_login><wp:author_email>${cdata(u.email)}</wp:author_email><wp:author_display_name>${cdata(u.displayName)}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>`,
    );
  }
  const parentSlug = (t: Term) => (t.parentId ? (termById.get(t.parentId)?.slug ?? '') : '');
  // Parents before children, as WordPress's importer expects.
  const ordered = (list: Term[]) => {
    const out: Term[] = [];
    const seen = new Set<number>();
    const visit = (t: Term, depth = 0) => {
      if (seen.has(t.id) || depth > 50) return;
      seen.add(t.id);
      const p = t.parentId ? list.find((x) => x.id === t.parentId) : undefined;
      if (p) visit(p, depth + 1);
      out.push(t);
    };
    list.forEach((t) => visit(t));
    return out;
  };
  for (const t of ordered(categories)) {
    await write(`\t<wp:category><wp:term_id>${t.id}</wp:term_id><wp:category_nicename>${cdata(t.slug)}</wp:category_nicename><wp:category_parent>${cdata(parentSlug(t))}</wp:category_parent><wp:cat_name>${cdata(t.name)}</wp:cat_name><wp:category_description>${cdata(t.description ?? '')}</wp:category_description></wp:category>`);
  }
  for (const t of tags) {
    await write(`\t<wp:tag><wp:term_id>${t.id}</wp:term_id><wp:tag_slug>${cdata(t.slug)}</wp:tag_slug><wp:tag_name>${cdata(t.name)}</wp:tag_name><wp:tag_description>${cdata(t.description ?? '')}</wp:tag_description></wp:tag>`);
  }
  for (const t of ordered(portfolioCats)) {
    await write(`\t<wp:term><wp:term_id>${t.id}</wp:term_id><wp:term_taxonomy>${cdata('portfolio_category')}</wp:term_taxonomy><wp:term_slug>${cdata(t.slug)}</wp:term_slug><wp:term_parent>${cdata(parentSlug(t))}</wp:term_parent><wp:term_name>${cdata(t.name)}</wp:term_name><wp:term_description>${cdata(t.description ?? '')}</wp:term_description></wp:term>`);
  }
  const menuTermId = (l: MenuLocation) => 1_000_000 + locations.indexOf(l);
  for (const l of menus.keys()) {
    await write(`\t<wp:term><wp:term_id>${menuTermId(l)}</wp:term_id><wp:term_taxonomy>${cdata('nav_menu')}</wp:term_taxonomy><wp:term_slug>${cdata(l)}</wp:term_slug><wp:term_name>${cdata(l === 'main' ? 'Main menu' : l === 'footer' ? 'Footer menu' : 'Side menu')}</wp:term_name></wp:term>`);
  }

  let items = 0;
  const item = async (fields: {
    id: number;
    title: string;
    link: string;
    date: string;
    creator: string;
    content: string;
    excerpt: string;
    slug: string;
    status: string;
    type: string;
    parent?: number;
    menuOrder?: number;
    sticky?: boolean;
    /** posts and pages: the readers' password ('' none) */
    password?: string;
    attachmentUrl?: string;
    categories?: string[];
    meta?: Record<string, string>;
  }) => {
    items++;
    const parts = [
      '\t<item>',
      `\t\t<title>${cdata(fields.title)}</title>`,
      `\t\t<link>${esc(fields.link)}</link>`,
      `\t\t<pubDate>${rfc822(fields.date)}</pubDate>`,
      `\t\t<dc:creator>${cdata(fields.creator)}</dc:creator>`,
      `\t\t<guid isPermaLink="false">${esc(`${base}/?p=${fields.id}`)}</guid>`,
      '\t\t<description></description>',
      `\t\t<content:encoded>${cdata(fields.content)}</content:encoded>`,
      `\t\t<excerpt:encoded>${cdata(fields.excerpt)}</excerpt:encoded>`,
      `\t\t<wp:post_id>${fields.id}</wp:post_id>`,
      `\t\t<wp:post_date>${cdata(wpDate(fields.date))}</wp:post_date>`,
      `\t\t<wp:post_date_gmt>${cdata(wpDate(fields.date))}</wp:post_date_gmt>`,
      `\t\t<wp:post_modified>${cdata(wpDate(fields.date))}</wp:post_modified>`,
      `\t\t<wp:post_modified_gmt>${cdata(wpDate(fields.date))}</wp:post_modified_gmt>`,
      `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>`,
      `\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>`,
      `\t\t<wp:post_name>${cdata(fields.slug)}</wp:post_name>`,
      `\t\t<wp:status>${cdata(fields.status)}</wp:status>`,
      `\t\t<wp:post_parent>${fields.parent ?? 0}</wp:post_parent>`,
      `\t\t<wp:menu_order>${fields.menuOrder ?? 0}</wp:menu_order>`,
      `\t\t<wp:post_type>${cdata(fields.type)}</wp:post_type>`,
      `\t\t<wp:post_password>${cdata(fields.password ?? '')}</wp:post_password>`,
      `\t\t<wp:is_sticky>${fields.sticky ? 1 : 0}</wp:is_sticky>`,
      fields.attachmentUrl ? `\t\t<wp:attachment_url>${cdata(fields.attachmentUrl)}</wp:attachment_url>` : '',
      ...(fields.categories ?? []),
      ...Object.entries(fields.meta ?? {}).map(([k, v]) => `\t\t<wp:postmeta>\n\t\t\t<wp:meta_key>${cdata(k)}</wp:meta_key>\n\t\t\t<wp:meta_value>${cdata(v)}</wp:meta_value>\n\t\t</wp:postmeta>`),
      '\t</item>',
    ];
    await write(parts.filter(Boolean).join('\n'));
  };
  const adminLogin = userById.values().next().value?.login ?? 'admin';
  const creator = (id: number | null) => (id ? (userById.get(id)?.login ?? adminLogin) : adminLogin);

  for (const id of mediaIds) {
    const m = await repos.media.byId(id);
    if (!m) continue;
    await item({
      id: wpId.media(id),
      title: m.title || m.originalName,
      link: `${base}/?attachment_id=${wpId.media(id)}`,
      date: m.createdAt,
      creator: creator(m.uploadedBy),
      content: '',
      excerpt: m.caption,
      slug: `media-${id}`,
      status: 'inherit',
      type: 'attachment',
      attachmentUrl: mediaUrl(m.file),
      meta: { _wp_attached_file: attachedFile(m.file), ...(m.alt ? { _wp_attachment_image_alt: m.alt } : {}) },
    });
  }

  const termXml = (t: Term) => {
    const domain = t.taxonomy === 'tag' ? 'post_tag' : t.taxonomy;
    return `\t\t<category domain="${domain}" nicename="${esc(t.slug)}">${cdata(t.name)}</category>`;
  };
  for (const kind of ['post', 'page', 'portfolio'] as const) {
    for (const id of ids[kind]) {
      const s = await repos.editorial.get(kind, id);
      if (!s) continue;
      const exportId = kind === 'portfolio' ? wpId.portfolio(id) : wpId.post(id);
      const cats = [...s.categoryIds, ...s.tagIds].map((t) => termById.get(t)).filter((t): t is Term => !!t);
      const meta: Record<string, string> = {};
      if (s.featuredMediaId && mediaFiles[s.featuredMediaId]) meta._thumbnail_id = String(wpId.media(s.featuredMediaId));
      const path = kind === 'portfolio' ? `/portfolio/${s.slug}/` : `/${s.slug}/`;
      await item({
        id: exportId,
        title: s.title,
        link: s.status === 'publish' ? `${base}${path}` : `${base}/?p=${exportId}`,
        date: s.publishedAt,
        creator: creator(s.authorId),
        content: blocksToMarkup(s.blocks, ctx),
        excerpt: s.excerpt,
        slug: s.slug,
        status: s.status,
        type: kind,
        sticky: s.sticky,
        password: s.password,
        ...(kind === 'page' ? { parent: s.parentId ? wpId.post(s.parentId) : 0, menuOrder: s.menuOrder } : {}),
        categories: [...cats.map(termXml), ...(kind === 'post' && s.format !== 'standard' ? [`\t\t<category domain="post_format" nicename="post-format-${s.format}">${cdata(s.format)}</category>`] : [])],
        meta,
      });
    }
  }

  let menuN = 0;
  for (const [location, tree] of menus) {
    const walk = async (list: MenuItem[], parent: number) => {
      for (const [order, m] of list.entries()) {
        const id = wpId.menuItem(++menuN);
        const url = m.url.startsWith('/') ? `${base}${m.url}` : m.url;
        await item({
          id,
          title: m.label,
          link: `${base}/?p=${id}`,
          date: new Date(0).toISOString(),
          creator: adminLogin,
          content: '',
          excerpt: '',
          slug: String(id),
          status: 'publish',
          type: 'nav_menu_item',
          menuOrder: order + 1,
          categories: [`\t\t<category domain="nav_menu" nicename="${location}">${cdata(location)}</category>`],
          meta: { _menu_item_type: 'custom', _menu_item_menu_item_parent: String(parent), _menu_item_object_id: String(id), _menu_item_object: 'custom', _menu_item_target: '', _menu_item_classes: serialize(['']), _menu_item_xfn: '', _menu_item_url: url },
        });
        await walk(m.children, id);
      }
    };
    await walk(tree, 0);
  }

  for (const id of forms) {
    const stored = await repos.forms.byId<unknown>(id);
    if (!stored) continue;
    let def: FormDefinition;
    try {
      def = parseFormDefinition(stored.definition);
    } catch {
      continue;
    }
    await item({
      id: wpId.form(id),
      title: stored.title,
      link: `${base}/?post_type=wpcf7_contact_form&p=${wpId.form(id)}`,
      date: new Date(0).toISOString(),
      creator: adminLogin,
      content: def.template ?? fieldsToTemplate(def.fields),
      excerpt: '',
      slug: `form-${id}`,
      status: 'publish',
      type: 'wpcf7_contact_form',
      meta: {
        _form: def.template ?? fieldsToTemplate(def.fields),
        _mail: mailToCf7(def.mail, true),
        _mail_2: def.mail2 ? mailToCf7(def.mail2, def.mail2.active) : mailToCf7({ to: '', subject: '', body: '' }, false),
        _messages: serialize(def.messages),
        _additional_settings: def.additionalSettings,
        _locale: def.locale,
        _masthead_form_id: String(id),
      },
    });
  }

  await write('</channel>\n</rss>');
  return { items };
}
