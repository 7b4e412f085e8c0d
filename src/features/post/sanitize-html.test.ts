import { describe, expect, it } from 'vitest';
import { sanitizeHtmlBlock } from './sanitize.ts';

describe('html block allowlist', () => {
  it('keeps the structure of a body: tables, lists, figures, preformatted text', () => {
    const html = '<table><thead><tr><th colspan="2">T</th></tr></thead><tbody><tr><td rowspan="1">a</td></tr></tbody></table><pre>x  y</pre><hr><ul><li>i</li></ul>';
    expect(sanitizeHtmlBlock(html)).toBe(html);
  });

  it('drops scripts, styles, frames and forms with their content, and every other attribute', () => {
    expect(sanitizeHtmlBlock('<div class="x" onclick="evil()" style="color:red"><p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="https://e.com"></iframe><form><input></form></div>')).toBe('<div><p>ok</p></div>');
  });

  it('keeps safe links and images only', () => {
    expect(sanitizeHtmlBlock('<a href="javascript:alert(1)">x</a><a href="https://e.com/">y</a><img src="data:image/png;base64,AAAA" alt="d"><img src="/media/a.jpg" alt="A &quot;b&quot;" width="30" height="x">')).toBe(
      '<a>x</a><a href="https://e.com/" rel="noopener">y</a><img src="/media/a.jpg" alt="A &quot;b&quot;" width="30" loading="lazy">',
    );
  });

  it('keeps an audio player with a safe source, its controls on and nothing loaded before Play; drops any other audio', () => {
    const player = '<figure><audio src="/media/uploads/2026/11/s.mp3" controls preload="none"></audio><figcaption><a href="/media/uploads/2026/11/s.mp3">s.mp3</a></figcaption></figure>';
    expect(sanitizeHtmlBlock(player)).toBe(player);
    expect(sanitizeHtmlBlock('<audio src="https://e.com/a.ogg" autoplay loop onplay="evil()">fallback</audio>')).toBe('<audio src="https://e.com/a.ogg" controls preload="none">fallback</audio>');
    for (const bad of ['javascript:alert(1)', 'data:audio/mp3;base64,AAAA', '//evil.example/a.mp3', 'mailto:a@b.c']) expect(sanitizeHtmlBlock(`<audio src="${bad}">x</audio>`)).toBe('x');
  });

  it('closes what is left open, drops stray closers, and turns h1 into h2', () => {
    expect(sanitizeHtmlBlock('<h1>Title</h1></span><div><p>open')).toBe('<h2>Title</h2><div><p>open</p></div>');
  });
});
