import { describe, expect, it } from 'vitest';
import { compileRules, rewriteHtmlText, cannotMatch } from './rules.ts';
import { compiledTextRules, rewriteHtmlResponse } from './rewrite.server.ts';

const rules = compileRules([{ find: '\\bteh\\b', replace: 'the' }]);

describe('rewriteHtmlText (server)', () => {
  it('rewrites the body text only, between tags', () => {
    const html = '<!doctype html><html><head><title>teh title</title></head><body><p class="teh">teh <a href="/teh/">teh</a></p></body></html>';
    expect(rewriteHtmlText(html, rules)).toBe('<!doctype html><html><head><title>teh title</title></head><body><p class="teh">the <a href="/teh/">the</a></p></body></html>');
  });
  it('leaves scripts, styles, textareas, code, pre, comments and editable regions alone', () => {
    const body =
      '<body><script type="application/json">{"teh":"teh"}</script><script>if (a<b) teh()</script><style>.teh{}</style>' +
      '<textarea>teh</textarea><code>teh</code><pre>teh<b>teh</b></pre><!-- teh --><div contenteditable="true">teh</div><p>teh</p></body>';
    expect(rewriteHtmlText(body, rules)).toBe(body.replace('<p>teh</p>', '<p>the</p>'));
  });
  it('never adds markup', () => {
    const r = compileRules([{ find: 'x', replace: '<b>y</b>' }]);
    expect(rewriteHtmlText('<body><p>x</p></body>', r)).toBe('<body><p>&lt;b&gt;y&lt;/b&gt;</p></body>');
  });
  it('returns the page unchanged without rules', () => {
    const html = '<body>teh</body>';
    expect(rewriteHtmlText(html, [])).toBe(html);
  });
});

describe('rewriteHtmlResponse (middleware)', () => {
  it('rewrites text/html responses and keeps status and headers', async () => {
    const res = new Response('<body><p>teh</p></body>', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '23', 'x-a': '1' } });
    const out = await rewriteHtmlResponse(res, rules);
    expect(out.status).toBe(404);
    expect(out.headers.get('x-a')).toBe('1');
    expect(out.headers.get('content-length')).toBeNull();
    expect(await out.text()).toBe('<body><p>the</p></body>');
  });
  it('sends the bytes of a page no rule changes as they were', async () => {
    const out = await rewriteHtmlResponse(new Response('<body><p>the café</p><script>"teh"</script></body>', { status: 200, headers: { 'content-type': 'text/html', 'content-length': '51' } }), rules);
    expect(out.headers.get('content-length')).toBe('51');
    expect(await out.text()).toBe('<body><p>the café</p><script>"teh"</script></body>');
  });
  it('leaves other types and empty rule lists untouched', async () => {
    const json = new Response('{"body":"teh"}', { headers: { 'content-type': 'application/json' } });
    expect(await rewriteHtmlResponse(json, rules)).toBe(json);
    const html = new Response('<body>teh</body>', { headers: { 'content-type': 'text/html' } });
    expect(await rewriteHtmlResponse(html, [])).toBe(html);
  });
  it('compiles the rules once per settings value', () => {
    const list = [{ find: 'a', replace: 'b' }];
    expect(compiledTextRules(list)).toBe(compiledTextRules(list));
    expect(compiledTextRules([{ find: 'a', replace: 'b' }])).not.toBe(compiledTextRules(list));
  });
});

describe('pages no rule can change', () => {
  const page = '<html><head><title>teh</title></head><body><p>The <b>cat</b> sat.</p></body></html>';
  it('are recognised without tokenising: context-free rules that match nowhere', () => {
    expect(cannotMatch('<body><p>The cat</p></body>', compileRules([{ find: 'teh', replace: 'the' }]))).toBe(true);
    expect(cannotMatch('<body><p>teh cat</p></body>', compileRules([{ find: 'teh', replace: 'the' }]))).toBe(false);
  });
  it('never skip a rule whose match depends on where a text piece starts or ends', () => {
    for (const find of ['^The', 'sat\\.$', '(?<=The )cat', 'c(?=at)', '(?!x)cat']) expect(cannotMatch('<body><p>x</p></body>', compileRules([{ find, replace: '' }])), find).toBe(false);
  });
  it('see through word boundaries, which only narrow a match', () => {
    expect(cannotMatch('<body><p>the cat</p></body>', compileRules([{ find: '\\bteh\\b', replace: 'the' }]))).toBe(true);
    expect(cannotMatch('<body><p>teh cat</p></body>', compileRules([{ find: '\\bteh\\b', replace: 'the' }]))).toBe(false);
    // an escaped backslash before b is a literal backslash and a b, not a boundary
    expect(cannotMatch('<body><p>a\\b</p></body>', compileRules([{ find: 'a\\\\b', replace: 'x' }]))).toBe(false);
    expect(cannotMatch('<body><p>ab</p></body>', compileRules([{ find: 'a\\\\b', replace: 'x' }]))).toBe(true);
  });
  it('see past the rules carried in a script (the page variables) and other raw text', () => {
    const vars = '<script type="application/json" id="masthead-vars">{"textRules":[{"find":"\\\\bteh\\\\b"}]}</script>';
    expect(cannotMatch(`<body><p>The cat</p>${vars}<style>.teh{}</style><textarea>teh</textarea></body>`, rules)).toBe(true);
    expect(cannotMatch(`<body><p>The cat</p>${vars}<p>teh</p></body>`, rules)).toBe(false);
    // unclosed, self-closing, or not a tag where the rewriter looks: the text after it still counts
    expect(cannotMatch('<body><script/><p>teh</p></body>', rules)).toBe(false);
    expect(cannotMatch('<body><!-- <script> --><p>teh</p><script></script></body>', rules)).toBe(false);
    expect(cannotMatch('<body><a title="<script>">x</a><p>teh</p></script></body>', rules)).toBe(false);
    expect(cannotMatch('<body></a <script>><p>teh</p></script></body>', rules)).toBe(false);
    expect(cannotMatch('<body><scripts><p>teh</p></script></body>', rules)).toBe(false);
    for (const body of ['<body><script/><p>teh</p></body>', '<body><!-- <script> --><p>teh</p><script></script></body>', '<body><a title="<script>">x</a><p>teh</p></script></body>']) expect(rewriteHtmlText(body, rules)).toContain('<p>the</p>');
  });
  it('leave the page exactly as it was', () => {
    expect(rewriteHtmlText(page, compileRules([{ find: 'dog', replace: 'cat' }]))).toBe(page);
    expect(rewriteHtmlText(page, compileRules([{ find: '^The', replace: 'A' }]))).toContain('<p>A <b>cat</b>');
  });
});
