// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileRules } from './rules.ts';
import { applyRulesToTree, isProtected, watchTextRules } from './walker.ts';

const rules = compileRules([{ find: '\\bteh\\b', replace: 'the' }]);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('applyRulesToTree', () => {
  it('rewrites text nodes and never injects HTML', () => {
    document.body.innerHTML = '<p>Spot teh typo in <b>teh</b> text</p>';
    const html = compileRules([{ find: 'typo', replace: '<img src=x onerror=alert(1)>' }]);
    expect(applyRulesToTree(document.body, [...rules, ...html])).toBe(2);
    expect(document.body.querySelector('p')!.textContent).toBe('Spot the <img src=x onerror=alert(1)> in the text');
    expect(document.body.querySelector('img')).toBeNull();
  });
  it('leaves script, style, textarea, code, pre, input values and editable regions alone', () => {
    document.body.innerHTML = `
      <script>var teh = 1;</script><style>.teh{}</style><textarea>teh</textarea><input value="teh">
      <code>teh</code><pre>teh <span>teh</span></pre>
      <div contenteditable="true"><p>teh</p></div><div contenteditable="">teh</div>
      <p id="ok">teh</p>`;
    applyRulesToTree(document.body, rules);
    expect(document.querySelector('script')!.textContent).toBe('var teh = 1;');
    expect(document.querySelector('style')!.textContent).toBe('.teh{}');
    expect(document.querySelector('textarea')!.value).toBe('teh');
    expect(document.querySelector('input')!.value).toBe('teh');
    expect(document.querySelector('code')!.textContent).toBe('teh');
    expect(document.querySelector('pre')!.textContent).toBe('teh teh');
    expect(document.querySelectorAll('[contenteditable]')[0]!.textContent).toBe('teh');
    expect(document.querySelectorAll('[contenteditable]')[1]!.textContent).toBe('teh');
    expect(document.getElementById('ok')!.textContent).toBe('the');
  });
  it('does not touch attributes', () => {
    document.body.innerHTML = '<a href="/teh/" title="teh">teh</a>';
    applyRulesToTree(document.body, rules);
    expect(document.body.innerHTML).toBe('<a href="/teh/" title="teh">the</a>');
  });
  it('treats a root inside a protected element as protected', () => {
    document.body.innerHTML = '<pre><span id="s">teh</span></pre>';
    expect(isProtected(document.getElementById('s'))).toBe(true);
    expect(applyRulesToTree(document.getElementById('s')!, rules)).toBe(0);
    expect(applyRulesToTree(document.getElementById('s')!.firstChild!, rules)).toBe(0);
  });
  it('does nothing without rules', () => {
    document.body.innerHTML = '<p>teh</p>';
    expect(applyRulesToTree(document.body, [])).toBe(0);
    expect(document.body.textContent).toBe('teh');
  });
});

describe('compileRules (invalid patterns)', () => {
  it('skips an invalid pattern with a warning and keeps the others', () => {
    const warn = vi.fn();
    const c = compileRules([{ find: '(', replace: 'x' }, { find: 'a', replace: 'b' }], warn);
    expect(c).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('watchTextRules', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));
  it('rewrites content added later (an appended post) and changed text', async () => {
    document.body.innerHTML = '<main><p>teh start</p></main>';
    const mo = watchTextRules(document.body, rules)!;
    expect(document.body.textContent).toBe('the start');
    const article = document.createElement('article');
    article.innerHTML = '<h2>teh appended post</h2><code>teh</code>';
    document.querySelector('main')!.append(article);
    await flush();
    expect(article.querySelector('h2')!.textContent).toBe('the appended post');
    expect(article.querySelector('code')!.textContent).toBe('teh');
    (document.querySelector('main p')!.firstChild as Text).data = 'teh again';
    await flush();
    expect(document.querySelector('main p')!.textContent).toBe('the again');
    mo.disconnect();
  });
  it('never loops on its own changes, even with a growing rule', async () => {
    document.body.innerHTML = '<p>a</p>';
    const growing = compileRules([{ find: 'a', replace: 'aa' }]);
    const mo = watchTextRules(document.body, growing)!;
    expect(document.body.textContent).toBe('aa');
    const p = document.createElement('p');
    p.textContent = 'a';
    document.body.append(p);
    await flush();
    await flush();
    await flush();
    expect(p.textContent).toBe('aa');
    expect(document.body.querySelector('p')!.textContent).toBe('aa');
    mo.disconnect();
  });
  it('leaves a page the server rewrote as it is, and rewrites what comes later (applyNow: false)', async () => {
    document.body.innerHTML = '<p>teh served text</p>';
    const mo = watchTextRules(document.body, rules, { applyNow: false })!;
    expect(document.body.textContent).toBe('teh served text');
    const p = document.createElement('p');
    p.textContent = 'teh appended';
    document.body.append(p);
    await flush();
    expect(p.textContent).toBe('the appended');
    mo.disconnect();
  });
  it('does not start without rules', () => {
    expect(watchTextRules(document.body, [])).toBeNull();
  });
});
