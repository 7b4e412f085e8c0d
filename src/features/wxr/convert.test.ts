import { describe, expect, it } from 'vitest';
import { blocksToMarkup } from './gutenberg.ts';
import { convertContent, parseGutenberg, segments, unknownShortcodes, videoFromUrl, type ConvertContext } from './convert.ts';

const ctx: ConvertContext = {
  mediaById: (id) => (id === 5 ? 105 : id === 6 ? 106 : null),
  mediaByUrl: (url) => (/\/uploads\/2020\/01\/dog(-\d+x\d+)?\.jpg$/.test(url) ? 107 : null),
  formId: (id) => (id === '42' || id === 'a1b2c3d' ? 42 : null),
  rewriteUrl: (url) => url.replace(/^https:\/\/old\.example\.org/, '').replace(/^\/\?p=7$/, '/seven/') || '/',
};
const convert = (html: string) => convertContent(html, ctx);

describe('classic content', () => {
  it('splits paragraphs on blank lines and keeps single line breaks', () => {
    expect(convert('One <em>two</em>.\n\nThree\nfour').blocks).toEqual([
      { type: 'paragraph', html: 'One <em>two</em>.' },
      { type: 'paragraph', html: 'Three<br>four' },
    ]);
  });

  it('turns headings, lists and quotes into their blocks', () => {
    expect(convert('<h1>Top</h1><h2 id="a">Two</h2><h4>Four</h4><ol><li>a</li><li>b <b>c</b></li></ol><blockquote><p>Said</p><cite>Her</cite></blockquote>').blocks).toEqual([
      { type: 'heading', level: 2, text: 'Top' },
      { type: 'heading', level: 2, text: 'Two', anchor: 'a' },
      { type: 'heading', level: 3, text: 'Four' },
      { type: 'list', ordered: true, items: ['a', 'b <b>c</b>'] },
      { type: 'quote', html: 'Said', cite: 'Her' },
    ]);
  });

  it('makes image blocks from imported images, by attachment id or by any rendition address', () => {
    expect(convert('<img class="wp-image-5" src="x.jpg">\n\n<a href="/x"><img src="https://old.example.org/wp-content/uploads/2020/01/dog-300x200.jpg"></a>').blocks).toEqual([
      { type: 'image', media: 105 },
      { type: 'image', media: 107 },
    ]);
  });

  it('keeps an image that was not imported as markup showing it, and reports it', () => {
    const r = convert('<img src="https://old.example.org/wp-content/uploads/cat.jpg" alt="Cat">');
    expect(r.blocks).toEqual([{ type: 'html', html: '<figure><img src="https://old.example.org/wp-content/uploads/cat.jpg" alt="Cat"></figure>' }]);
    expect(r.missingMedia).toEqual(['cat.jpg']);
  });

  it('converts the shortcodes that have blocks: gallery, caption, embed, video, audio, contact form', () => {
    const r = convert('[gallery ids="5,6,9"]\n\n[caption id="attachment_6" width="300"]<img src="y.jpg"> A dog[/caption]\n\n[embed]https://youtu.be/aqz-KE-bpKQ[/embed]\n\n[video mp4="/v.mp4"][/video]\n\n[audio src="/a.mp3"]\n\n[contact-form-7 id="42" title="Contact"]');
    expect(r.blocks).toEqual([
      { type: 'gallery', style: 'justified', media: [105, 106], rowHeight: 220, margin: 6, columns: 7 },
      { type: 'image', media: 106, caption: 'A dog' },
      { type: 'embed', video: { provider: 'youtube', id: 'aqz-KE-bpKQ', src: '', title: 'YouTube', duration: '' }, ratio: '16:9' },
      { type: 'video', video: { provider: 'local', id: '', src: '/v.mp4', title: 'v.mp4', duration: '' } },
      { type: 'html', html: '<figure><audio src="/a.mp3" controls preload="none"></audio><figcaption><a href="/a.mp3">a.mp3</a></figcaption></figure>' },
      { type: 'contact-form', formId: 42 },
    ]);
    expect(r.missingMedia).toEqual(['gallery image']);
  });

  it('leaves an escaped shortcode as text, and names unknown ones', () => {
    expect(convert('Write [[gallery]] to show one.').blocks).toEqual([{ type: 'paragraph', html: 'Write [gallery] to show one.' }]);
    expect(unknownShortcodes('A [box color="red"]x[/box], a [note_box], a [1] and [sic].')).toEqual(['[box]', '[note_box]']);
  });

  it('keeps what has no block as HTML, named in the fallbacks', () => {
    const r = convert('<table><tr><td>1</td></tr></table>\n<pre>x  y</pre>\n<hr>\n<iframe src="https://maps.example.com/embed"></iframe>');
    expect(r.blocks.map((b) => b.type)).toEqual(['html', 'html', 'html', 'html']);
    expect(r.fallbacks).toEqual(['<table>', '<pre>', 'separator', 'embed of another site']);
    // A frame is never kept (the allowlist drops it): its address is kept as a link instead.
    expect(r.blocks[3]).toEqual({ type: 'html', html: '<p><a href="https://maps.example.com/embed">https://maps.example.com/embed</a></p>' });
  });

  it('survives malformed HTML: unclosed elements and misnested tags', () => {
    const r = convert('<p>Open <b>bold <i>both</b> end\n<div><p>inner\n\n<ul><li>one');
    expect(r.blocks).toEqual([
      { type: 'paragraph', html: 'Open <b>bold <i>both</b> end' },
      { type: 'paragraph', html: 'inner' },
      { type: 'list', ordered: false, items: ['one'] },
    ]);
  });

  it('rewrites links to the old site', () => {
    expect(convert('<a href="https://old.example.org/?p=7">seven</a> <a href="https://elsewhere.org/">out</a>').blocks).toEqual([{ type: 'paragraph', html: '<a href="/seven/">seven</a> <a href="https://elsewhere.org/">out</a>' }]);
  });
});

describe('Gutenberg content', () => {
  it('parses nested block markup with attributes, keeping inner markup in place', () => {
    const tree = parseGutenberg('<!-- wp:group {"a":1} --><div><!-- wp:paragraph --><p>x</p><!-- /wp:paragraph --></div><!-- /wp:group -->\n<!-- wp:spacer /-->');
    expect(tree.map((b) => [b.name, b.attrs, b.inner.length])).toEqual([
      ['core/group', { a: 1 }, 1],
      ['core/spacer', {}, 0],
    ]);
    expect(tree[0]!.full).toBe('<div><p>x</p></div>');
  });

  it('converts the core blocks to typed blocks', () => {
    const html = [
      '<!-- wp:heading {"level":4} --><h4>Deep</h4><!-- /wp:heading -->',
      '<!-- wp:list {"ordered":true} --><ol><!-- wp:list-item --><li>a</li><!-- /wp:list-item --><!-- wp:list-item --><li>b</li><!-- /wp:list-item --></ol><!-- /wp:list -->',
      '<!-- wp:image {"id":5} --><figure><img src="q.jpg" class="wp-image-5"/><figcaption>Cap</figcaption></figure><!-- /wp:image -->',
      '<!-- wp:gallery --><figure><!-- wp:image {"id":5} --><figure><img class="wp-image-5"/></figure><!-- /wp:image --><!-- wp:image {"id":6} --><figure><img class="wp-image-6"/></figure><!-- /wp:image --></figure><!-- /wp:gallery -->',
      '<!-- wp:embed {"url":"https://vimeo.com/76979871"} --><figure><div>https://vimeo.com/76979871</div></figure><!-- /wp:embed -->',
      '<!-- wp:columns --><div><!-- wp:column --><div><!-- wp:paragraph --><p>L</p><!-- /wp:paragraph --></div><!-- /wp:column --></div><!-- /wp:columns -->',
      '<!-- wp:buttons --><div><!-- wp:button --><div><a href="https://old.example.org/x/">Go</a></div><!-- /wp:button --></div><!-- /wp:buttons -->',
      '<!-- wp:contact-form-7/contact-form-selector {"id":42,"hash":"a1b2c3d"} --><div>[contact-form-7 id="a1b2c3d"]</div><!-- /wp:contact-form-7/contact-form-selector -->',
      '<!-- wp:masthead/toc {"title":"In this post"} /-->',
      '<!-- wp:some/widget --><div>Widget</div><!-- /wp:some/widget -->',
    ].join('\n\n');
    const r = convert(html);
    expect(r.blocks).toEqual([
      { type: 'heading', level: 3, text: 'Deep' },
      { type: 'list', ordered: true, items: ['a', 'b'] },
      { type: 'image', media: 105, caption: 'Cap' },
      { type: 'gallery', style: 'justified', media: [105, 106], rowHeight: 220, margin: 6, columns: 7 },
      { type: 'embed', video: { provider: 'vimeo', id: '76979871', src: '', title: 'Vimeo', duration: '' }, ratio: '16:9' },
      { type: 'paragraph', html: 'L' },
      { type: 'paragraph', html: '<a href="/x/">Go</a>' },
      { type: 'contact-form', formId: 42 },
      { type: 'toc', title: 'In this post' },
      { type: 'html', html: '<div>Widget</div>' },
    ]);
    expect(r.fallbacks).toEqual(['wp:some/widget']);
  });
});

describe('files that are not pictures', () => {
  const up = (f: string) => `https://old.example.org/wp-content/uploads/2024/04/${f}`;
  // the importer's lookups: the PDF, MP3 and MP4 were imported as files, never as pictures
  const files: ConvertContext = {
    ...ctx,
    mediaById: () => null,
    mediaByUrl: () => null,
    rewriteUrl: (url) => ({ [up('p.pdf')]: '/media/uploads/2026/11/p-1a2b.pdf', [up('s.mp3')]: '/media/uploads/2026/11/s-1a2b.mp3', [up('t.mp4')]: '/media/uploads/2026/11/t-1a2b.mp4' })[url] ?? url,
  };
  const run = (html: string) => convertContent(html, files);

  it('rewrites links to them in text and in the file block, which becomes a paragraph with its link', () => {
    const r = run(
      [
        `<!-- wp:paragraph --><p>Read <a href="${up('p.pdf')}">the programme</a>, not <a href="${up('gone.pdf')}">this</a>.</p><!-- /wp:paragraph -->`,
        `<!-- wp:file {"id":801,"href":"${up('p.pdf')}"} --><div class="wp-block-file"><object class="wp-block-file__embed" data="${up('p.pdf')}" type="application/pdf"></object><a id="f1" href="${up('p.pdf')}">Programme 2024</a><a href="${up('p.pdf')}" class="wp-block-file__button wp-element-button" download>Download</a></div><!-- /wp:file -->`,
        '<!-- wp:file --><div class="wp-block-file">no link</div><!-- /wp:file -->',
      ].join('\n\n'),
    );
    expect(r.blocks).toEqual([
      { type: 'paragraph', html: `Read <a href="/media/uploads/2026/11/p-1a2b.pdf">the programme</a>, not <a href="${up('gone.pdf')}">this</a>.` },
      { type: 'paragraph', html: '<a href="/media/uploads/2026/11/p-1a2b.pdf">Programme 2024</a>' },
      { type: 'html', html: '<div class="wp-block-file">no link</div>' },
    ]);
    expect(r.fallbacks).toEqual(['wp:file']);
  });

  it('plays an imported video and an imported audio file from here (with a link to the file), in blocks and shortcodes', () => {
    const r = run(
      [
        `<!-- wp:audio {"id":802} --><figure class="wp-block-audio"><audio controls src="${up('s.mp3')}"></audio></figure><!-- /wp:audio -->`,
        `<!-- wp:video {"id":803} --><figure class="wp-block-video"><video controls src="${up('t.mp4')}"></video><figcaption>High tide</figcaption></figure><!-- /wp:video -->`,
      ].join('\n\n'),
    );
    const classic = run(`[audio mp3="${up('s.mp3')}"][/audio]\n\n[video mp4="${up('t.mp4')}"][/video]`);
    for (const x of [r, classic]) {
      const mp3 = '/media/uploads/2026/11/s-1a2b.mp3';
      expect(x.blocks[0]).toEqual({ type: 'html', html: `<figure><audio src="${mp3}" controls preload="none"></audio><figcaption><a href="${mp3}">s-1a2b.mp3</a></figcaption></figure>` });
      expect(x.blocks[1]).toMatchObject({ type: 'video', video: { provider: 'local', src: '/media/uploads/2026/11/t-1a2b.mp4' } });
    }
  });
});

describe('Gutenberg covers', () => {
  const cover = (attrs: string, img: string, inner: string) =>
    `<!-- wp:cover ${attrs} --><div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span>${img}<div class="wp-block-cover__inner-container">${inner}</div></div><!-- /wp:cover -->`;
  const heading = '<!-- wp:heading {"textAlign":"center"} --><h2 class="has-text-align-center">Night &amp; day</h2><!-- /wp:heading -->';
  const para = (t: string) => `<!-- wp:paragraph --><p>${t}</p><!-- /wp:paragraph -->`;
  const button = '<!-- wp:buttons --><div class="wp-block-buttons"><!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link" href="https://old.example.org/x/">Go on</a></div><!-- /wp:button --></div><!-- /wp:buttons -->';

  it('become cover blocks: picture by id or address, heading, text after it and the first button', () => {
    const r = convert(cover('{"url":"https://old.example.org/wp-content/uploads/q.jpg","id":5,"dimRatio":50}', '<img class="wp-block-cover__image-background wp-image-5" src="q.jpg"/>', heading + para('Under the bridge.') + button));
    expect(r.blocks).toEqual([{ type: 'cover', media: 105, heading: 'Night & day', text: 'Under the bridge.', link: '/x/', linkLabel: 'Go on' }]);
    // the older markup: a background-image style, no id; a paragraph stands in for the heading
    const old = convert(cover('{"url":"https://old.example.org/wp-content/uploads/2020/01/dog-300x200.jpg"}', '', para('Only words')).replace('class="wp-block-cover"', 'class="wp-block-cover" style="background-image:url(https://old.example.org/wp-content/uploads/2020/01/dog-300x200.jpg)"'));
    expect(old.blocks).toEqual([{ type: 'cover', media: 107, heading: 'Only words', text: '', link: '', linkLabel: '' }]);
    expect(old.missingMedia).toEqual([]);
  });

  it('written by the export come back as the same block', () => {
    const block = { type: 'cover', media: 7, heading: 'Night & day', text: 'Under the bridge.', link: '/x/', linkLabel: 'Go on' } as const;
    const markup = blocksToMarkup([block], { media: (id) => (id === 7 ? { wpId: 5, url: 'https://new.example/media/q.jpg', alt: '' } : null), formId: (id) => id });
    expect(markup).toContain('<!-- wp:cover {"url":"https://new.example/media/q.jpg","id":5,"dimRatio":50} -->');
    expect(convert(markup).blocks).toEqual([{ ...block, media: 105 }]);
  });

  it('whose picture was not imported keep their contents and report the picture once', () => {
    const r = convert(cover('{"url":"https://old.example.org/wp-content/uploads/gone.jpg","id":99}', '<img class="wp-block-cover__image-background wp-image-99" src="https://old.example.org/wp-content/uploads/gone.jpg"/>', heading + para('Still here.')));
    expect(r.blocks).toEqual([
      { type: 'heading', level: 2, text: 'Night & day' },
      { type: 'paragraph', html: 'Still here.' },
    ]);
    expect(r.missingMedia).toEqual(['gone.jpg']);
    const bg = convert(cover('{"url":"https://old.example.org/wp-content/uploads/gone.jpg"}', '', para('Words')));
    expect(bg.blocks).toEqual([{ type: 'paragraph', html: 'Words' }]);
    expect(bg.missingMedia).toEqual(['gone.jpg']);
  });
});

describe('helpers', () => {
  it('recognises YouTube and Vimeo addresses only', () => {
    expect(videoFromUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3', 'T')?.id).toBe('aqz-KE-bpKQ');
    expect(videoFromUrl('https://player.vimeo.com/video/76979871', '')?.provider).toBe('vimeo');
    expect(videoFromUrl('https://example.com/watch?v=aqz-KE-bpKQ', '')).toBeNull();
  });

  it('splits HTML into top-level blocks and inline runs', () => {
    expect(segments('a<p>b</p>c<div><div>d</div></div>').map((s) => [s.tag, s.inner])).toEqual([
      [null, 'a'],
      ['p', 'b'],
      [null, 'c'],
      ['div', '<div>d</div>'],
    ]);
  });
});
