// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PostBlockMissing, previousUrl, takePostBlock } from './append.ts';

const page = (inner: string) =>
  new DOMParser().parseFromString(
    `<!doctype html><html><head><title>Lemon olive oil cake – Masthead</title></head><body>
      <header><h1>not this</h1></header>
      <main><div class="single-wrapper" data-infinite="1">${inner}</div></main>
    </body></html>`,
    'text/html',
  );

const block = `<article class="post-block" data-postid="12" data-current-url="/lemon-olive-oil-cake/" data-post-title="Lemon olive oil cake" data-edit-post="/admin/posts/12/" data-prev-url="/mirrorless-camera-review/">
  <h1 class="post-title" id="t12">Lemon <em>olive</em> oil cake</h1>
  <img src="/a.webp" loading="eager" fetchpriority="high" alt="">
  <style>.x{display:contents}</style>
  <script>console.log('inline')</script>
  <script type="module">import('/x.js')</script>
  <script type="application/ld+json">{"@type":"Recipe"}</script>
  <masthead-island data-island="like" data-when="idle" data-props='{"postId":12}'><button>Like</button></masthead-island>
</article>`;

describe('takePostBlock', () => {
  it('takes the post block of the single wrapper, not other headings', () => {
    const b = takePostBlock(page(block));
    expect(b.dataset.postid).toBe('12');
    expect(b.dataset.currentUrl).toBe('/lemon-olive-oil-cake/');
  });
  it('turns its h1 into an h2 with the same attributes and content', () => {
    const b = takePostBlock(page(block));
    expect(b.querySelector('h1')).toBeNull();
    const h2 = b.querySelector('h2.post-title')!;
    expect(h2.id).toBe('t12');
    expect(h2.innerHTML).toBe('Lemon <em>olive</em> oil cake');
  });
  it('makes its images lazy and drops the high fetch priority', () => {
    const img = takePostBlock(page(block)).querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });
  it('removes executable scripts but keeps data scripts and styles', () => {
    const b = takePostBlock(page(block));
    const types = Array.from(b.querySelectorAll('script')).map((s) => s.getAttribute('type'));
    expect(types).toEqual(['application/ld+json']);
    expect(b.querySelector('style')).not.toBeNull();
  });
  it('keeps its islands as the server rendered them (the island runtime hydrates them once appended)', () => {
    const island = takePostBlock(page(block)).querySelector<HTMLElement>('masthead-island')!;
    expect(island.dataset.island).toBe('like');
    expect(island.innerHTML).toBe('<button>Like</button>');
  });
  it('throws when the page has no post block', () => {
    expect(() => takePostBlock(page('<p>Not found</p>'))).toThrow(PostBlockMissing);
    expect(() => takePostBlock(page('<article class="post-block"></article>'))).toThrow(PostBlockMissing);
  });
});

describe('previousUrl', () => {
  const el = (attrs: string) => {
    const d = page(`<article class="post-block" data-postid="1" ${attrs}></article>`);
    return d.querySelector<HTMLElement>('.post-block')!;
  };
  it('is the block data-prev-url', () => expect(previousUrl(el('data-prev-url="/a/"'))).toBe('/a/'));
  it('is null at the end of the chain or without a previous post', () => {
    expect(previousUrl(el('data-prev-url="/a/" data-end="1"'))).toBeNull();
    expect(previousUrl(el('data-prev-url=""'))).toBeNull();
    expect(previousUrl(el(''))).toBeNull();
  });
});
