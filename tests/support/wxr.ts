/**
 * Generated WordPress exports (WXR) for tests and the bench: no downloaded data. `wxr()` writes
 * the channel, authors, terms and items the way WordPress's exporter does (CDATA for text,
 * `wp:postmeta` pairs), in version 1.0, 1.1 or 1.2, or WordPress.com's flavour (uploads on
 * `files.wordpress.com`, `0000-00-00` GMT dates on drafts).
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

export interface FxAuthor {
  id: number;
  login: string;
  email?: string;
  displayName?: string;
}

export interface FxTerm {
  id: number;
  taxonomy: 'category' | 'post_tag' | 'nav_menu' | 'portfolio_category';
  slug: string;
  name: string;
  parent?: string;
  description?: string;
}

export interface FxItem {
  id: number;
  type: string;
  title: string;
  slug?: string;
  content?: string;
  excerpt?: string;
  status?: string;
  date?: string;
  dateGmt?: string;
  creator?: string;
  parent?: number;
  menuOrder?: number;
  password?: string;
  sticky?: boolean;
  link?: string;
  attachmentUrl?: string;
  terms?: { domain: string; slug: string; name: string }[];
  meta?: Record<string, string>;
  comments?: number;
}

export interface FxSite {
  version?: '1.0' | '1.1' | '1.2';
  base?: string;
  wordpressCom?: boolean;
  authors?: FxAuthor[];
  terms?: FxTerm[];
  items: FxItem[];
}

const cdata = (s: string) => `<![CDATA[${s.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`;

export function wxr(site: FxSite): string {
  const v = site.version ?? '1.2';
  const base = site.base ?? 'https://old.example.org';
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8" ?>');
  out.push(
    `<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/${v}/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/${v}/">`,
  );
  out.push('<channel>', '<title>Old Site</title>', `<link>${base}</link>`, '<description>Just another site</description>', '<language>en-US</language>');
  out.push(`<wp:wxr_version>${v}</wp:wxr_version>`);
  if (v !== '1.0') out.push(`<wp:base_site_url>${base}</wp:base_site_url>`, `<wp:base_blog_url>${base}</wp:base_blog_url>`);
  if (v !== '1.0') {
    for (const a of site.authors ?? []) {
      out.push(
        `<wp:author><wp:author_id>${a.id}</wp:author_id><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(a.email ?? `${a.login}@old.example.org`)}</wp:author_email><wp:author_display_name>${cdata(a.displayName ?? a.login)}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>`,
      );
    }
  }
  for (const t of site.terms ?? []) {
    if (v === '1.0' && t.taxonomy !== 'category') continue;
    if (t.taxonomy === 'category') {
      out.push(`<wp:category><wp:term_id>${t.id}</wp:term_id><wp:category_nicename>${cdata(t.slug)}</wp:category_nicename><wp:category_parent>${cdata(t.parent ?? '')}</wp:category_parent><wp:cat_name>${cdata(t.name)}</wp:cat_name>${t.description ? `<wp:category_description>${cdata(t.description)}</wp:category_description>` : ''}</wp:category>`);
    } else if (t.taxonomy === 'post_tag') {
      out.push(`<wp:tag><wp:term_id>${t.id}</wp:term_id><wp:tag_slug>${cdata(t.slug)}</wp:tag_slug><wp:tag_name>${cdata(t.name)}</wp:tag_name></wp:tag>`);
    } else {
      out.push(`<wp:term><wp:term_id>${t.id}</wp:term_id><wp:term_taxonomy>${cdata(t.taxonomy)}</wp:term_taxonomy><wp:term_slug>${cdata(t.slug)}</wp:term_slug><wp:term_parent>${cdata(t.parent ?? '')}</wp:term_parent><wp:term_name>${cdata(t.name)}</wp:term_name></wp:term>`);
    }
  }
  for (const i of site.items) out.push(item(i, base, v, !!site.wordpressCom));
  out.push('</channel>', '</rss>');
  return out.join('\n');
}

function item(i: FxItem, base: string, v: string, com: boolean): string {
  const date = i.date ?? '2024-03-01 10:00:00';
  const gmt = i.dateGmt ?? (com && (i.status ?? 'publish') === 'draft' ? '0000-00-00 00:00:00' : date);
  const slug = i.slug ?? '';
  const link = i.link ?? (i.type === 'page' ? `${base}/${slug}/` : i.type === 'post' ? `${base}/${date.slice(0, 4)}/${date.slice(5, 7)}/${date.slice(8, 10)}/${slug}/` : `${base}/?p=${i.id}`);
  const parts = [
    '<item>',
    `<title>${cdata(i.title)}</title>`,
    `<link>${link}</link>`,
    `<pubDate>Fri, 01 Mar 2024 10:00:00 +0000</pubDate>`,
    `<dc:creator>${cdata(i.creator ?? 'admin')}</dc:creator>`,
    `<guid isPermaLink="false">${base}/?p=${i.id}</guid>`,
    '<description></description>',
    `<content:encoded>${cdata(i.content ?? '')}</content:encoded>`,
    `<excerpt:encoded>${cdata(i.excerpt ?? '')}</excerpt:encoded>`,
    `<wp:post_id>${i.id}</wp:post_id>`,
    `<wp:post_date>${cdata(date)}</wp:post_date>`,
    v === '1.0' ? '' : `<wp:post_date_gmt>${cdata(gmt)}</wp:post_date_gmt>`,
    `<wp:comment_status>${cdata('open')}</wp:comment_status>`,
    `<wp:post_name>${cdata(slug)}</wp:post_name>`,
    `<wp:status>${cdata(i.status ?? (i.type === 'attachment' ? 'inherit' : 'publish'))}</wp:status>`,
    `<wp:post_parent>${i.parent ?? 0}</wp:post_parent>`,
    `<wp:menu_order>${i.menuOrder ?? 0}</wp:menu_order>`,
    `<wp:post_type>${cdata(i.type)}</wp:post_type>`,
    `<wp:post_password>${cdata(i.password ?? '')}</wp:post_password>`,
    v === '1.0' ? '' : `<wp:is_sticky>${i.sticky ? 1 : 0}</wp:is_sticky>`,
    i.attachmentUrl ? `<wp:attachment_url>${cdata(i.attachmentUrl)}</wp:attachment_url>` : '',
    ...(i.terms ?? []).map((t) => (v === '1.0' && t.domain === 'category' ? `<category>${cdata(t.name)}</category><category domain="category" nicename="${t.slug}">${cdata(t.name)}</category>` : `<category domain="${t.domain}" nicename="${t.slug}">${cdata(t.name)}</category>`)),
    ...Object.entries(i.meta ?? {}).map(([k, val]) => `<wp:postmeta><wp:meta_key>${cdata(k)}</wp:meta_key><wp:meta_value>${cdata(val)}</wp:meta_value></wp:postmeta>`),
    ...Array.from({ length: i.comments ?? 0 }, (_, n) => `<wp:comment><wp:comment_id>${i.id * 100 + n}</wp:comment_id><wp:comment_author>${cdata('Reader')}</wp:comment_author><wp:comment_content>${cdata('Nice post!')}</wp:comment_content><wp:comment_approved>1</wp:comment_approved></wp:comment>`),
    '</item>',
  ];
  return parts.filter(Boolean).join('\n');
}

/** A small real image file (sharp), written to `file`. */
export async function writeImage(file: string, color: { r: number; g: number; b: number } = { r: 200, g: 80, b: 40 }, width = 64, height = 48): Promise<void> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  writeFileSync(file, bytes);
}

/** Small files that are not pictures, recognised by their content (file-type): a PDF, an MP3, an MP4. */
export const testFiles = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  mp3: () => Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]),
  mp4: () => {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
    return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('free'), Buffer.alloc(64)]);
  },
};

/**
 * A site whose attachments are not pictures: a PDF, an MP3 and an MP4 in `2024/04/` of the
 * uploads folder (write them with `testFiles`), and a PDF that is missing there; a Gutenberg
 * post links to them every way WordPress does (a link, `wp:file`, `wp:audio`, `wp:video`), a
 * classic one by `<a href>`, `[audio]` and `[video]`.
 */
export const fileAttachments = { pdf: '2024/04/programme.pdf', mp3: '2024/04/shanty.mp3', mp4: '2024/04/tide.mp4', missing: '2024/04/timetable.pdf' };
export function filesSite(base = 'https://files.example.org'): FxSite {
  const up = (f: string) => `${base}/wp-content/uploads/${f}`;
  const gutenberg = [
    `<!-- wp:paragraph -->\n<p>Read <a href="${up(fileAttachments.pdf)}">the programme</a> or <a href="${up(fileAttachments.missing)}">the timetable</a>.</p>\n<!-- /wp:paragraph -->`,
    `<!-- wp:file {"id":801,"href":"${up(fileAttachments.pdf)}"} -->\n<div class="wp-block-file"><object class="wp-block-file__embed" data="${up(fileAttachments.pdf)}" type="application/pdf" style="width:100%;height:600px" aria-label="Programme"></object><a id="wp-block-file--media-1" href="${up(fileAttachments.pdf)}">Programme 2024</a><a href="${up(fileAttachments.pdf)}" class="wp-block-file__button wp-element-button" download aria-describedby="wp-block-file--media-1">Download</a></div>\n<!-- /wp:file -->`,
    `<!-- wp:audio {"id":802} -->\n<figure class="wp-block-audio"><audio controls src="${up(fileAttachments.mp3)}"></audio></figure>\n<!-- /wp:audio -->`,
    `<!-- wp:video {"id":803} -->\n<figure class="wp-block-video"><video controls src="${up(fileAttachments.mp4)}"></video><figcaption class="wp-element-caption">High tide</figcaption></figure>\n<!-- /wp:video -->`,
  ].join('\n\n');
  const classic = `Listen: [audio mp3="${up(fileAttachments.mp3)}"][/audio]\n\n[video mp4="${up(fileAttachments.mp4)}"][/video]\n\nThe <a href="${up(fileAttachments.pdf)}">programme</a> as a PDF.`;
  return {
    base,
    authors: [{ id: 1, login: 'anna', displayName: 'Anna Quay' }],
    items: [
      { id: 801, type: 'attachment', title: 'Programme', slug: 'programme', attachmentUrl: up(fileAttachments.pdf), meta: { _wp_attached_file: fileAttachments.pdf }, excerpt: 'The festival programme' },
      { id: 802, type: 'attachment', title: 'Sea shanty', slug: 'shanty', attachmentUrl: up(fileAttachments.mp3), meta: { _wp_attached_file: fileAttachments.mp3 } },
      { id: 803, type: 'attachment', title: 'Tide', slug: 'tide', attachmentUrl: up(fileAttachments.mp4), meta: { _wp_attached_file: fileAttachments.mp4 } },
      { id: 804, type: 'attachment', title: 'Timetable', slug: 'timetable', attachmentUrl: up(fileAttachments.missing), meta: { _wp_attached_file: fileAttachments.missing } },
      { id: 810, type: 'post', title: 'Festival', slug: 'festival', content: gutenberg, date: '2024-04-01 08:00:00', creator: 'anna' },
      { id: 811, type: 'post', title: 'Festival notes', slug: 'festival-notes', content: classic, date: '2024-04-02 08:00:00', creator: 'anna' },
    ],
  };
}

/** PHP's serialize for the fixtures' CF7 meta (strings only). *//** PHP's serialize for the fixtures' CF7 meta (strings only). */
export const phpArray = (o: Record<string, string | boolean>) =>
  `a:${Object.keys(o).length}:{${Object.entries(o)
    .map(([k, val]) => `s:${Buffer.byteLength(k)}:"${k}";${typeof val === 'boolean' ? `b:${val ? 1 : 0};` : `s:${Buffer.byteLength(val)}:"${val}";`}`)
    .join('')}}`;

/** A site of `n` generated posts (the bench's memory and rate check). */
export function largeSite(n: number): FxSite {
  const items: FxItem[] = [];
  const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';
  for (let i = 1; i <= n; i++) {
    items.push({
      id: 1000 + i,
      type: 'post',
      title: `Generated post number ${i}`,
      slug: `generated-post-${i}`,
      content: `<!-- wp:paragraph -->\n<p>${paragraph.repeat(8)}</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:heading -->\n<h2>Part ${i}</h2>\n<!-- /wp:heading -->\n\n<!-- wp:list -->\n<ul><li>one</li><li>two</li></ul>\n<!-- /wp:list -->\n\n<!-- wp:paragraph -->\n<p>${paragraph.repeat(8)}</p>\n<!-- /wp:paragraph -->`,
      date: `20${String(10 + (i % 14)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10} 08:00:00`,
      terms: [{ domain: 'category', slug: `section-${i % 10}`, name: `Section ${i % 10}` }],
      comments: i % 3,
    });
  }
  return {
    authors: [{ id: 1, login: 'admin' }],
    terms: Array.from({ length: 10 }, (_, k) => ({ id: k + 1, taxonomy: 'category' as const, slug: `section-${k}`, name: `Section ${k}` })),
    items,
  };
}

/** The images `richSite` refers to, under `uploads/2024/03/` (the missing one is left out on purpose). */
export const richImages = ['harbour.jpg', 'lighthouse.jpg', 'boats.jpg'];

/**
 * A site with every case the importer handles: statuses, unicode and emoji, long and empty
 * titles, pages three deep, a post in 20 categories, duplicate slugs, malformed HTML, an unknown
 * shortcode, a missing image, Gutenberg and classic content, a CF7 form used by a page, menus,
 * portfolio items, comments.
 */
export function richSite(opts: { version?: '1.0' | '1.1' | '1.2'; wordpressCom?: boolean; edit?: boolean } = {}): FxSite {
  const base = 'https://old.example.org';
  const up = (f: string) => (opts.wordpressCom ? `https://oldsite.files.wordpress.com/2024/03/${f}` : `${base}/wp-content/uploads/2024/03/${f}`);
  const cats: FxTerm[] = [
    { id: 2, taxonomy: 'category', slug: 'news', name: 'News', description: 'What happened' },
    { id: 3, taxonomy: 'category', slug: 'local', name: 'Local', parent: 'news' },
    { id: 4, taxonomy: 'category', slug: 'harbour-news', name: 'Harbour', parent: 'local' },
    ...Array.from({ length: 20 }, (_, k) => ({ id: 100 + k, taxonomy: 'category' as const, slug: `topic-${k + 1}`, name: `Topic ${k + 1}` })),
    { id: 5, taxonomy: 'post_tag', slug: 'boats', name: 'Boats' },
    { id: 6, taxonomy: 'post_tag', slug: 'sea-life', name: 'Sea life' },
    { id: 7, taxonomy: 'nav_menu', slug: 'primary', name: 'Primary' },
    { id: 8, taxonomy: 'nav_menu', slug: 'footer-links', name: 'Footer links' },
    { id: 9, taxonomy: 'portfolio_category', slug: 'branding', name: 'Branding' },
  ];
  const form = {
    _form: '<label> Your name\n    [text* your-name placeholder "Jane"] </label>\n\n<label> Your email\n    [email* your-email] </label>\n\n<div class="row"><label> Topic\n    [select topic "Boats" "Harbour"] </label></div>\n\n<label> Your message\n    [textarea your-message] </label>\n\n[acceptance consent] I agree to be contacted [/acceptance]\n\n[submit "Send it"]',
    _mail: phpArray({ active: true, subject: 'Harbour: [your-subject]', sender: 'Old Site <wordpress@old.example.org>', recipient: 'editor@old.example.org', body: 'From: [your-name] <[your-email]>\n\n[your-message]', additional_headers: 'Reply-To: [your-email]\nCc: archive@old.example.org', attachments: '', use_html: false, exclude_blank: false }),
    _messages: phpArray({ mail_sent_ok: 'Thanks, we read every message.', validation_error: 'Please check the fields.' }),
    _mail_2: phpArray({ active: true, subject: 'We got your message', sender: 'Old Site <wordpress@old.example.org>', recipient: '[your-email]', body: 'Thank you, [your-name].', additional_headers: 'Reply-To: editor@old.example.org', attachments: '', use_html: false, exclude_blank: false }),
    _additional_settings: 'skip_mail: off\nacceptance_as_validation: on',
    _locale: 'en_US',
  };
  const gutenberg = [
    '<!-- wp:paragraph -->\n<p>Welcome to the <strong>harbour</strong>. See <a href="https://old.example.org/2024/03/01/second-light/">the second post</a> and <a href="https://old.example.org/about/">about us</a>.</p>\n<!-- /wp:paragraph -->',
    '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading" id="the-boats">The boats</h3>\n<!-- /wp:heading -->',
    '<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>Trawlers</li>\n<!-- /wp:list-item --><!-- wp:list-item -->\n<li>Ferries</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
    '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>The sea is calm tonight.</p>\n<!-- /wp:paragraph --><cite>Matthew Arnold</cite></blockquote>\n<!-- /wp:quote -->',
    `<!-- wp:image {"id":501,"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src="${up('harbour-1024x768.jpg')}" alt="" class="wp-image-501"/><figcaption class="wp-element-caption">The harbour at dawn</figcaption></figure>\n<!-- /wp:image -->`,
    '<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery has-nested-images"><!-- wp:image {"id":502} -->\n<figure class="wp-block-image"><img src="x" class="wp-image-502"/></figure>\n<!-- /wp:image --><!-- wp:image {"id":503} -->\n<figure class="wp-block-image"><img src="y" class="wp-image-503"/></figure>\n<!-- /wp:image --></figure>\n<!-- /wp:gallery -->',
    '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=aqz-KE-bpKQ","type":"video","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=aqz-KE-bpKQ\n</div></figure>\n<!-- /wp:embed -->',
    '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->',
    '<!-- wp:table -->\n<figure class="wp-block-table"><table><tbody><tr><td>Tide</td><td>High</td></tr></tbody></table></figure>\n<!-- /wp:table -->',
    '<!-- wp:columns -->\n<div class="wp-block-columns"><!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Left column</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column --><!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Right column</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->',
    '<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link" href="https://old.example.org/contact/">Write to us</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->',
    '<!-- wp:html -->\n<div class="custom"><p>Raw <em>HTML</em></p><script>alert(1)</script></div>\n<!-- /wp:html -->',
    '<!-- wp:shortcode -->\n[gallery ids="502,503"]\n<!-- /wp:shortcode -->',
  ].join('\n\n');
  const classic = `First paragraph of a classic post with a <a href="${base}/?p=11">query link</a>.\n\nSecond paragraph\nwith a line break.\n\n[caption id="attachment_502" align="alignnone" width="300"]<img class="size-medium wp-image-502" src="${up('lighthouse-300x200.jpg')}" alt="Lighthouse" /> The old lighthouse[/caption]\n\n[embed]https://vimeo.com/76979871[/embed]\n\n[video src="${up('clip.mp4')}"]\n\n[audio src="${up('song.mp3')}"]\n\nA [fancy_box color="red"]shortcode nobody knows[/fancy_box] stays as text.\n\n<img src="${up('missing.jpg')}" class="wp-image-599" alt="Gone" />\n\n<p>Malformed <b>bold <i>and italic</b> text</p><div><p>unclosed div\n\n<pre>code  block</pre>`;
  const items: FxItem[] = [
    { id: 501, type: 'attachment', title: 'Harbour', slug: 'harbour', attachmentUrl: up('harbour.jpg'), meta: { _wp_attached_file: '2024/03/harbour.jpg', _wp_attachment_image_alt: 'The harbour' }, excerpt: 'Harbour caption' },
    { id: 502, type: 'attachment', title: 'Lighthouse', slug: 'lighthouse', attachmentUrl: up('lighthouse.jpg'), meta: { _wp_attached_file: '2024/03/lighthouse.jpg' } },
    { id: 503, type: 'attachment', title: 'Boats', slug: 'boats-image', attachmentUrl: up('boats.jpg'), meta: { _wp_attached_file: '2024/03/boats.jpg' } },
    { id: 599, type: 'attachment', title: 'Missing', slug: 'missing', attachmentUrl: up('missing.jpg'), meta: { _wp_attached_file: '2024/03/missing.jpg' } },
    { id: 42, type: 'wpcf7_contact_form', title: 'Harbour contact', slug: 'harbour-contact', status: 'publish', meta: form },
    {
      id: 10,
      type: 'post',
      title: opts.edit ? 'First light, revised' : 'First light',
      slug: 'first-light-old',
      content: gutenberg,
      excerpt: 'The harbour wakes up.',
      date: '2024-03-01 08:00:00',
      creator: 'anna',
      sticky: true,
      terms: [
        { domain: 'category', slug: 'harbour-news', name: 'Harbour' },
        { domain: 'post_tag', slug: 'boats', name: 'Boats' },
        { domain: 'post_format', slug: 'post-format-video', name: 'Video' },
      ],
      meta: { _thumbnail_id: '501' },
      comments: 3,
    },
    { id: 11, type: 'post', title: 'Second light', slug: 'second-light', content: opts.edit ? `${classic}\n\nAn added paragraph.` : classic, date: '2024-03-02 09:30:00', creator: 'bob', terms: [{ domain: 'category', slug: 'news', name: 'News' }, { domain: 'post_tag', slug: 'sea-life', name: 'Sea life' }], meta: { _thumbnail_id: '599' }, comments: 1 },
    { id: 12, type: 'post', title: 'Ünïcödé 🚢 voyage — ça va', slug: '%c3%bcn%c3%afc%c3%b6d%c3%a9-%f0%9f%9a%a2-voyage', content: '<p>Emoji 🌊 and accents é.</p>', date: '2024-03-03 10:00:00', creator: 'anna' },
    { id: 13, type: 'post', title: 'L'.padEnd(400, 'o') + 'ng title', slug: 'long-title', content: '<p>A very long title.</p>', date: '2024-03-04 10:00:00', creator: 'anna' },
    { id: 14, type: 'post', title: '', slug: '', content: '<p>No title at all.</p>', date: '2024-03-05 10:00:00', creator: 'anna', status: 'draft' },
    { id: 15, type: 'post', title: 'In twenty categories', slug: 'twenty', content: '<p>Many.</p>', date: '2024-03-06 10:00:00', creator: 'anna', terms: Array.from({ length: 20 }, (_, k) => ({ domain: 'category', slug: `topic-${k + 1}`, name: `Topic ${k + 1}` })) },
    { id: 16, type: 'post', title: 'Duplicate', slug: 'duplicate', content: '<p>One.</p>', date: '2024-03-07 10:00:00', creator: 'anna' },
    { id: 17, type: 'post', title: 'Duplicate', slug: 'duplicate', content: '<p>Two.</p>', date: '2024-03-08 10:00:00', creator: 'anna' },
    { id: 18, type: 'post', title: 'A draft', slug: 'a-draft', content: '<p>Draft.</p>', status: 'draft', date: '2024-03-09 10:00:00', creator: 'bob' },
    { id: 19, type: 'post', title: 'Waiting for review', slug: 'pending-one', content: '<p>Pending.</p>', status: 'pending', date: '2024-03-09 11:00:00', creator: 'bob' },
    { id: 20, type: 'post', title: 'Private notes', slug: 'private-notes', content: '<p>Private.</p>', status: 'private', date: '2024-03-09 12:00:00', creator: 'bob' },
    { id: 21, type: 'post', title: 'Coming soon', slug: 'coming-soon', content: '<p>Future.</p>', status: 'future', date: '2099-01-01 10:00:00', creator: 'bob' },
    { id: 22, type: 'post', title: 'Members only', slug: 'members-only', content: '<p>Secret.</p>', password: 'letmein', date: '2024-03-09 13:00:00', creator: 'bob' },
    { id: 23, type: 'post', title: 'Thrown away', slug: 'thrown-away', content: '<p>Trash.</p>', status: 'trash', date: '2024-03-09 14:00:00', creator: 'bob' },
    { id: 30, type: 'page', title: 'About', slug: 'about', content: '<p>About the harbour.</p>', creator: 'anna' },
    { id: 31, type: 'page', title: 'Team', slug: 'team', parent: 30, menuOrder: 1, content: '<p>Our team.</p>', link: `${base}/about/team/`, creator: 'anna' },
    { id: 32, type: 'page', title: 'Captains', slug: 'captains', parent: 31, menuOrder: 2, content: '<p>Captains.</p>', link: `${base}/about/team/captains/`, creator: 'anna' },
    { id: 33, type: 'page', title: 'Contact', slug: 'contact', content: '<p>Write to us.</p>\n\n[contact-form-7 id="42" title="Harbour contact"]', creator: 'anna' },
    { id: 40, type: 'portfolio', title: 'Harbour identity', slug: 'harbour-identity', content: '<p>A logo for the harbour.</p>', terms: [{ domain: 'portfolio_category', slug: 'branding', name: 'Branding' }], meta: { _thumbnail_id: '503' }, creator: 'anna' },
    { id: 60, type: 'nav_menu_item', title: '', slug: '60', menuOrder: 1, terms: [{ domain: 'nav_menu', slug: 'primary', name: 'Primary' }], meta: { _menu_item_type: 'post_type', _menu_item_object: 'page', _menu_item_object_id: '30', _menu_item_menu_item_parent: '0', _menu_item_url: '' } },
    { id: 61, type: 'nav_menu_item', title: 'Our team', slug: '61', menuOrder: 2, terms: [{ domain: 'nav_menu', slug: 'primary', name: 'Primary' }], meta: { _menu_item_type: 'post_type', _menu_item_object: 'page', _menu_item_object_id: '31', _menu_item_menu_item_parent: '60', _menu_item_url: '' } },
    { id: 62, type: 'nav_menu_item', title: '', slug: '62', menuOrder: 3, terms: [{ domain: 'nav_menu', slug: 'primary', name: 'Primary' }], meta: { _menu_item_type: 'taxonomy', _menu_item_object: 'category', _menu_item_object_id: '2', _menu_item_menu_item_parent: '0', _menu_item_url: '' } },
    { id: 63, type: 'nav_menu_item', title: 'Contact us', slug: '63', menuOrder: 4, terms: [{ domain: 'nav_menu', slug: 'primary', name: 'Primary' }], meta: { _menu_item_type: 'custom', _menu_item_object: 'custom', _menu_item_object_id: '63', _menu_item_menu_item_parent: '0', _menu_item_url: `${base}/contact/` } },
    { id: 64, type: 'nav_menu_item', title: 'Elsewhere', slug: '64', menuOrder: 1, terms: [{ domain: 'nav_menu', slug: 'footer-links', name: 'Footer links' }], meta: { _menu_item_type: 'custom', _menu_item_object: 'custom', _menu_item_object_id: '64', _menu_item_menu_item_parent: '0', _menu_item_url: 'https://wordpress.org/' } },
    { id: 70, type: 'revision', title: 'First light', slug: '10-revision-v1', status: 'inherit', content: 'old' },
  ];
  return {
    version: opts.version ?? '1.2',
    base,
    wordpressCom: opts.wordpressCom ?? false,
    authors: [
      { id: 1, login: 'anna', displayName: 'Anna Quay' },
      { id: 2, login: 'bob', displayName: 'Bob Keel' },
    ],
    terms: cats,
    items,
  };
}

/** A zip (stored, not compressed) of the given files: the admin's "uploads folder as a zip". */
export function storedZip(files: { name: string; data: Buffer }[]): Buffer {
  const { crc32 } = process.getBuiltinModule('node:zlib');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += local.length + name.length + f.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** An image as bytes (for zips). */
export const imageBytes = (color: { r: number; g: number; b: number }, width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
