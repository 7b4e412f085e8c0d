// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { blocksSchema, type Block, type BlockType } from '../../features/post/blocks.ts';
import { blocksToDoc, docToBlocks } from './convert.ts';
import { htmlToInline, inlineToHtml } from './inline.ts';
import { schemaExtensions } from './extensions.ts';
import { demoContent } from '../../../content/demo/content.ts';
import { sanitizeBlocks } from '../../server/content/items.server.ts';

/** One block of every type, with every optional field used (the type forces a complete set). */
const oneOfEach = {
  paragraph: { type: 'paragraph', html: 'Plain, <strong>bold <em>and italic</em></strong>, <s>struck</s>, <code>code</code>, H<sub>2</sub>O, x<sup>2</sup>, <mark>marked</mark>,<br>a <a href="https://example.com/a?b=1&amp;c=2" rel="noopener">link</a> &amp; “quotes” &lt;tags&gt;' },
  heading: { type: 'heading', level: 3, text: 'A heading & more', anchor: 'a-heading' },
  list: { type: 'list', ordered: true, items: ['First <em>item</em>', 'Second with <a href="/relative/">a link</a>'] },
  quote: { type: 'quote', html: 'Words <strong>worth</strong> quoting.', cite: 'Someone Wise' },
  image: { type: 'image', media: 12, caption: 'A caption' },
  toc: { type: 'toc', title: 'In this article' },
  'related-popup': { type: 'related-popup' },
  review: {
    type: 'review',
    title: 'Camera X',
    summary: 'Good.',
    scores: [
      { label: 'Build', value: 8.5 },
      { label: 'Value', value: 7 },
    ],
    pros: ['Light'],
    cons: ['Pricey'],
    verdict: 'Buy it.',
    counters: [{ label: 'Shots', value: 1200, suffix: '+' }],
  },
  recipe: { type: 'recipe', name: 'Cake', description: 'Sweet.', prepTime: 15, cookTime: 40, servings: 8, calories: 320, ingredients: ['Flour', 'Lemons'], steps: ['Mix.', 'Bake.'], media: 3 },
  smartlist: {
    type: 'smartlist',
    items: [
      { title: 'One', anchor: 'one', html: 'First <em>stop</em>', media: 4 },
      { title: 'Two', anchor: 'two', html: 'Second stop' },
    ],
  },
  gallery: { type: 'gallery', style: 'justified', media: [1, 2, 3], rowHeight: 240, margin: 4, columns: 5 },
  video: { type: 'video', video: { provider: 'youtube', id: 'dQw4w9WgXcQ', src: '', title: 'A video', duration: '3:32', poster: 7 } },
  playlist: {
    type: 'playlist',
    title: 'Sessions',
    videos: [
      { provider: 'vimeo', id: '76979871', src: '', title: 'One', duration: '1:00' },
      { provider: 'local', id: '', src: '/media/demo/clip.mp4', title: 'Two', duration: '' },
    ],
  },
  map: {
    type: 'map',
    title: 'Harbour',
    height: 400,
    options: {
      map_type: 'terrain',
      map_zoom: 12,
      map_pan: true,
      map_is_zoom: false,
      map_scale: true,
      map_street_view: false,
      map_rotate: false,
      map_overview: true,
      map_scrollwheel: false,
      marker_title: 'Here',
      marker_img: '',
      info_window: 'Info',
      map_using: 'address',
      latitude: '',
      longtitude: '',
      address: '1 Harbour Road',
    },
  },
  parallax: { type: 'parallax', media: 9, heading: 'Rise', text: 'Above the fog', speed: -0.3, parallaxType: 'scale-opacity', video: '/media/uploads/fog.webm' },
  cover: { type: 'cover', media: 9, heading: 'Harbour at dawn', text: 'Boats leave at six.', link: '/harbour/', linkLabel: 'Walk the harbour' },
  embed: { type: 'embed', video: { provider: 'youtube', id: 'aqz-KE-bpKQ', src: '', title: 'Embedded', duration: '' }, ratio: '21:9' },
  'contact-form': { type: 'contact-form', formId: 2 },
  html: { type: 'html', html: '<table><tr><td>kept</td></tr></table>' },
} satisfies { [K in BlockType]: Extract<Block, { type: K }> };

const all: Block[] = blocksSchema.parse(Object.values(oneOfEach));

/** Through a real Tiptap editor with the admin's schema: load, read back. */
function throughEditor(blocks: Block[]): Block[] {
  const editor = new Editor({ extensions: schemaExtensions(), content: blocksToDoc(blocks) });
  try {
    return docToBlocks(editor.getJSON());
  } finally {
    editor.destroy();
  }
}

describe('editor document ⇄ Block[]', () => {
  it('has a fixture for every block type', () => {
    expect(new Set(all.map((b) => b.type)).size).toBe(Object.keys(oneOfEach).length);
  });

  for (const block of all) {
    it(`loses nothing of a ${block.type} block: JSON → editor → JSON`, () => {
      expect(docToBlocks(blocksToDoc([block]))).toEqual([block]);
      expect(throughEditor([block])).toEqual([block]);
    });
  }

  it('keeps the order of a whole body, and a second round changes nothing', () => {
    const once = throughEditor(all);
    expect(once).toEqual(all);
    expect(throughEditor(once)).toEqual(once);
  });

  it('loses nothing of any demo post, page or portfolio body (as the server stores it)', () => {
    let id = 0;
    const content = demoContent(() => ++id);
    for (const item of [...content.posts, ...content.pages, ...content.portfolio]) {
      const stored = sanitizeBlocks(blocksSchema.parse(item.blocks));
      expect(throughEditor(stored), item.slug).toEqual(stored);
    }
  });

  it('an empty body is one empty paragraph in the editor and nothing when saved', () => {
    expect(blocksToDoc([])).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(docToBlocks(blocksToDoc([]))).toEqual([]);
  });

  it('flattens nested lists pasted into the editor instead of losing their items', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
                { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(docToBlocks(doc)).toEqual([{ type: 'list', ordered: false, items: ['a', 'b'] }]);
  });
});

describe('inline HTML ⇄ marks', () => {
  it('normalises synonyms and nesting to one spelling, stable after that', () => {
    const html = inlineToHtml(htmlToInline('<i>a</i> <b>b</b> <em><strong>c</strong></em>'));
    expect(html).toBe('<em>a</em> <strong>b</strong> <strong><em>c</em></strong>');
    expect(inlineToHtml(htmlToInline(html))).toBe(html);
  });

  it('drops unsafe links and unknown tags but keeps their text', () => {
    expect(inlineToHtml(htmlToInline('<a href="javascript:alert(1)">x</a> <span onclick="y">z</span><script>w</script>'))).toBe('x zw');
  });

  it('keeps a mark across a line break', () => {
    expect(inlineToHtml(htmlToInline('<strong>a<br>b</strong>'))).toBe('<strong>a<br>b</strong>');
  });
});
