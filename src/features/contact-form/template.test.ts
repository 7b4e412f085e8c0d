import { describe, expect, it } from 'vitest';
import { parseFormTemplate } from '../wxr/cf7.ts';
import { templateLayout, type TemplateNode } from './template.ts';

const layout = (template: string) => templateLayout(template, parseFormTemplate(template).fields);

/** The tree as compact HTML-like text, slots as {type name}. */
const show = (nodes: TemplateNode[] | null): string =>
  nodes === null
    ? 'null'
    : nodes
        .map((n) => (typeof n === 'string' ? n : 'slot' in n ? `{${n.slot}${n.name ? ` ${n.name}` : ''}${n.label ? ` "${n.label}"` : ''}}` : `<${n.el}${n.cls ? `.${n.cls}` : ''}${n.href ? ` ${n.href}` : ''}>${n.el === 'br' ? '' : `${show(n.kids)}</${n.el}>`}`))
        .join('');

describe('a CF7 template drawn as written', () => {
  it('keeps the markup with the tags as slots; blank lines are paragraphs and line breaks <br> (wpautop)', () => {
    expect(show(layout('<label> Your name\n    [text* your-name] </label>\n\n[submit "Send"]'))).toBe('<p><label> Your name<br>\n{text your-name} </label></p>\n<p>{submit "Send"}</p>');
    expect(show(layout('<fieldset class="who x"><legend>Who</legend>\n<label>Name [text n]</label>\n</fieldset>\n<ul><li><em>a</em></ul>[submit]'))).toBe(
      '<fieldset.who x><legend>Who</legend>\n<label>Name {text n}</label>\n</fieldset>\n<ul><li><em>a</em></li></ul>{submit "Submit"}',
    );
  });

  it('never keeps a script, a handler or a bad link; keeps the words of elements it drops', () => {
    const out = show(layout('<p onclick="alert(1)" style="x">Hi <script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">link</a> <a href="/privacy/">policy</a> <blink>ok</blink></p>[text n][submit]'));
    expect(out).toBe('<p>Hi <a>link</a> <a /privacy/>policy</a> ok</p>{text n}{submit "Submit"}');
    expect(out).not.toMatch(/alert|onclick|style/);
  });

  it('nests as the browser will read it back (a block closes a paragraph, a list item its sibling)', () => {
    expect(show(layout('<p>One <div>two</div> three</p>[submit]'))).toBe('<p>One </p><div>two</div> three{submit "Submit"}');
    expect(show(layout('<ul><li>a<li>b</ul><h2>x<h3>y</h3>[submit]'))).toBe('<ul><li>a</li><li>b</li></ul><h2>x</h2><h3>y</h3>{submit "Submit"}');
  });

  it('falls back to the fields when a tag cannot be placed (inside an attribute or a dropped element), or there is no template', () => {
    expect(layout('<a title="[text n]">x</a>[submit]')).toBeNull();
    expect(layout('<textarea>[text n]</textarea>[submit]')).toBeNull();
    expect(templateLayout(undefined, [])).toBeNull();
    expect(templateLayout('[text n]', [{ type: 'text', name: 'other', label: '', required: false, counter: false }])).toBeNull();
  });
});
