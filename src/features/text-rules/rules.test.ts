import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileRules, rewriteHtmlText, cannotMatch, applyRules, SKIPPED_ELEMENTS, type CompiledRule } from './rules.ts';
import { appliedMarks, compiledTextRules, markRulesApplied, plainTextAbsent, rewriteFragment, rewriteHtmlBytes } from './rewrite.server.ts';

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

describe('rewriteHtmlBytes (server entry)', () => {
  it('rewrites the page and gives new bytes', () => {
    expect(rewriteHtmlBytes(Buffer.from('<body><p>teh café</p></body>'), rules).toString()).toBe('<body><p>the café</p></body>');
  });
  it('gives back the same bytes when no rule changes the page, or without rules', () => {
    const page = Buffer.from('<body><p>the café</p><script>"teh"</script></body>');
    expect(rewriteHtmlBytes(page, rules)).toBe(page);
    const typo = Buffer.from('<body>teh</body>');
    expect(rewriteHtmlBytes(typo, [])).toBe(typo);
  });
  it('leaves a page alone undecoded when plain-text rules appear only in the page variables', () => {
    const vars = '<script type="application/json" id="masthead-vars">{"textRules":[{"find":"\\\\bteh\\\\b"}]}</script>';
    const page = Buffer.from(`<html><head></head><body><p>the café</p>${vars}</body></html>`);
    expect(plainTextAbsent(page, rules)).toBe(true);
    expect(rewriteHtmlBytes(page, rules)).toBe(page);
    // anywhere else, markup included, the page is read the whole way
    for (const other of [`<body><p>teh</p>${vars}</body>`, `<body>${vars}<p>teh</p></body>`, `<body><a class="teh">x</a>${vars}</body>`, '<body><p>teh</p></body>'])
      expect(plainTextAbsent(Buffer.from(other), rules), other).toBe(false);
    expect(rewriteHtmlBytes(Buffer.from(`<body>${vars}<p>teh café</p></body>`), rules).toString()).toBe(`<body>${vars}<p>the café</p></body>`);
    // patterns that are not plain text always go the whole way
    for (const find of ['te+h', 'teh|hte', '(?i)teh', 'a\\.b', '[t]eh']) {
      let compiled: CompiledRule[] = [];
      try {
        compiled = compileRules([{ find, replace: 'x' }]);
      } catch {
        continue;
      }
      if (compiled.length) expect(plainTextAbsent(Buffer.from('<body>nothing</body>'), compiled), find).toBe(false);
    }
    expect(plainTextAbsent(Buffer.from('<body>nothing</body>'), compileRules([{ find: 'Teh', replace: 'The' }]))).toBe(true);
  });
  it('encodes a page that is not valid UTF-8 whole (its decoded lengths differ from its bytes)', () => {
    const page = Buffer.concat([Buffer.from('<body><p>caf'), Buffer.from([0xff, 0xfe]), Buffer.from(' teh</p></body>')]);
    expect(rewriteHtmlBytes(page, rules).toString()).toBe('<body><p>caf\ufffd\ufffd the</p></body>');
  });
  it('leaves a part whose rules were applied already alone, and reads the rest', () => {
    const grow = compileRules([{ find: 'typo', replace: 'typo (slip)' }]);
    const marks = appliedMarks('a site secret');
    expect(appliedMarks('a site secret')).toEqual(marks); // the same in every process of the site
    expect(appliedMarks('another secret').open).not.toBe(marks.open);
    const part = markRulesApplied(rewriteFragment('<p>one typo</p>', grow), marks);
    const page = Buffer.from(`<body>${part}<p>two typo</p></body>`);
    expect(rewriteHtmlBytes(page, grow, marks).toString()).toBe(`<body>${part}<p>two typo (slip)</p></body>`);
    expect(part).toContain('<p>one typo (slip)</p>');
    // other marks are just comments: that part is read again
    expect(rewriteHtmlBytes(page, grow, appliedMarks('another secret')).toString()).toContain('one typo (slip) (slip)');
    // a plain-text rule found only in such a part: the page is not even decoded
    const only = Buffer.from(`<body>${markRulesApplied('<p>the typo (slip)</p>', marks)}<p>fine</p></body>`);
    expect(plainTextAbsent(only, grow, marks)).toBe(true);
    expect(plainTextAbsent(only, grow)).toBe(false);
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
  it('see past the rules carried in the page variables, and leave other raw text alone', () => {
    const vars = '<script type="application/json" id="masthead-vars">{"textRules":[{"find":"\\\\bteh\\\\b"}]}</script>';
    expect(cannotMatch(`<body><p>The cat</p>${vars}</body>`, rules)).toBe(true);
    expect(cannotMatch(`<body><p>The cat</p>${vars}<p>teh</p></body>`, rules)).toBe(false);
    const raw = `<body><p>The cat</p>${vars}<style>.teh{}</style><textarea>teh</textarea></body>`;
    expect(rewriteHtmlText(raw, rules)).toBe(raw);
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

// The plain reading the rewriter had before it was made fast: one token at a time with one
// regular expression, every text piece through the rules. The fast one must give the same page.
const VOIDS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const CONTENTEDITABLE_NAME = /contenteditable/i;
const CONTENTEDITABLE = /\scontenteditable(\s*=\s*["']?(true|plaintext-only|)["']?)?[\s>]?/i;
function oneTokenAtATime(html: string, rules: readonly CompiledRule[]): string {
  if (rules.length === 0) return html;
  const bodyStart = html.search(/<body[\s>]/i);
  if (bodyStart === -1) return html;
    let out = html.slice(0, bodyStart);
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)([^>]*)>|[^<]+|</g;
  re.lastIndex = bodyStart;
  const skipStack: string[] = [];
  const stack: string[] = [];
  let lower: string | null = null;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const token = m[0];
    const tag = m[2]?.toLowerCase();
    if (tag) {
      const closing = m[1] === '/';
      const attrs = m[3] ?? '';
      if (!closing && !attrs.trimEnd().endsWith('/')) {
        // (the attribute test runs only on the rare tags that name it: it is the costly part of a tag)
        const skip = SKIPPED_ELEMENTS.includes(tag) || (CONTENTEDITABLE_NAME.test(attrs) && CONTENTEDITABLE.test(attrs + ' '));
        if (!VOIDS.has(tag)) {
          stack.push(tag);
          if (skip) skipStack.push(tag);
        }
        // raw-text elements: copy their content untouched
        if (tag === 'script' || tag === 'style' || tag === 'textarea') {
          lower ??= html.toLowerCase();
          const end = lower.indexOf(`</${tag}`, re.lastIndex);
          const stop = end === -1 ? html.length : end;
          out += token + html.slice(re.lastIndex, stop);
          re.lastIndex = stop;
          continue;
        }
      } else if (closing) {
        const idx = stack.lastIndexOf(tag);
        if (idx !== -1) {
          const removed = stack.splice(idx);
          for (const r of removed) {
            const si = skipStack.lastIndexOf(r);
            if (si !== -1) skipStack.splice(si, 1);
          }
        }
      }
      out += token;
      continue;
    }
    if (token.startsWith('<!--') || token === '<' || skipStack.length) {
      out += token;
      continue;
    }
    // Rules run on the text as written (entities included); a replacement never adds markup.
    const replaced = applyRules(token, rules);
    out += replaced === token ? token : replaced.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  return out;
}

describe('the fast rewriter', () => {
  const pieces = ['<body>', '<BODY class="x">', '<p>', '</p>', 'teh', 'the', 'Teh ', ' ', 'a', 'ab', '<b>', '</b>', '<br/>', '<img src="teh">', '<script>', '</script>', '<SCRIPT type="x">', '<script/>', '<style>', '</style>', '<textarea>', '</TEXTAREA>', '<code>', '</code>', '<pre>', '</pre>', '<svg>', '</svg>', '<div contenteditable>', '<div contenteditable="false">', '</div>', '<!--', '-->', '<!-- teh -->', '<', '>', '</', '<1', '<a title="<script>">', '</a>', '</a <script>>', '<x-y>', '</x-y>', '&amp;', 'é', '’', '😀', 'teh—', '\n', '<script type="application/json" id="masthead-vars">{"find":"teh a b"}</script>'];
  const ruleSets = [['\\bteh\\b'], ['a'], ['^a'], ['e(?=h)'], ['th', 'teh'], ['b|t'], ['(?<=a)b'], ['a$'], ['\\Bh'], ['x*']];
  it('gives the same page as the plain reading, on generated documents', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), fc.constantFrom(...ruleSets), fc.constantFrom('the', '<i>', ''), (parts, finds, replace) => {
        const html = parts.join('');
        const rules: CompiledRule[] = compileRules(finds.map((find) => ({ find, replace })));
        const expected = oneTokenAtATime(html, rules);
        expect(rewriteHtmlText(html, rules)).toBe(expected);
        // the server entry's version, on the page's bytes
        // (a rule that matches the empty string can split an emoji's surrogate pair: both ways
        // then encode the halves as U+FFFD)
        expect(rewriteHtmlBytes(Buffer.from(html, 'utf8'), rules).equals(Buffer.from(expected, 'utf8'))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
