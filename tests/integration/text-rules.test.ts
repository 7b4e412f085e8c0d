/**
 * Text rules applied by the server (NOTES "Text replacement"): HTML pages leave with the site's
 * rules already applied to the body text, so readers never see text change. Runs the real server
 * (built site: `npm test` builds first; MASTHEAD_DIST points at another build) on a fresh database
 * with the demo content, whose one rule replaces `\bteh\b` with `the`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textRulesSchema } from '../../src/features/site/settings.ts';
import { startTestSite, type TestSite } from '../support/site.ts';
import { appliedMarks, plainTextAbsent, siteTextRules } from '../../src/features/text-rules/rewrite.server.ts';

let server: TestSite;

beforeAll(async () => {
  server = await startTestSite();
});
afterAll(() => server?.close());

const page = async (p: string) => {
  const r = await fetch(server.url + p);
  expect(r.status).toBe(200);
  return r.text();
};
/** The body's text outside scripts (what a reader can see). */
const visibleBody = (html: string) => html.slice(html.indexOf('<body')).replace(/<script[\s\S]*?<\/script>/g, '');

async function setRules(rules: { find: string; replace: string }[]) {
  await server.runtime.repos.settings.set('textRules', textRulesSchema, { rules });
  await server.runtime.contentChanged();
}

describe('server-side text rules', () => {
  it('the demo rule is applied before the page leaves the server', async () => {
    const html = await page('/welcome-to-the-new-edition/');
    expect(visibleBody(html)).toContain('If you spot the odd typo');
    expect(visibleBody(html)).not.toMatch(/\bteh\b/);
    // the page variables (a script) keep the rule itself untouched, for the browser
    expect(html).toContain('"find":"\\\\bteh\\\\b"');
    // and they are recognised as such: a page where the rule's text is nowhere else is sent as rendered, undecoded
    const rules = await siteTextRules(server.runtime);
    const marks = appliedMarks(server.runtime.config.secret);
    expect(plainTextAbsent(Buffer.from(await page('/about/')), rules, marks)).toBe(true);
    // the welcome article's typo is fixed in the article kept with the rules applied: that page too
    expect(plainTextAbsent(Buffer.from(html), rules, marks)).toBe(true);
  });

  it('follows the rules stored in the database, body text only (not the head, not attributes)', async () => {
    await setRules([{ find: 'Lemon', replace: 'Lime' }]);
    const html = await page('/lemon-olive-oil-cake/');
    expect(html).toMatch(/<h1[^>]*>Lime olive oil cake<\/h1>/);
    expect(html).toContain('<title>Lemon olive oil cake – Masthead</title>');
    expect(html).toContain('data-post-title="Lemon olive oil cake"');
    // the old rule is gone: the welcome post shows its typo again, proving the rewrite is the server's
    expect(visibleBody(await page('/welcome-to-the-new-edition/'))).toContain('If you spot teh odd typo');
  });

  it('without rules the pages are sent as rendered', async () => {
    await setRules([]);
    const html = await page('/lemon-olive-oil-cake/');
    expect(html).toMatch(/<h1[^>]*>Lemon olive oil cake<\/h1>/);
    expect(visibleBody(await page('/welcome-to-the-new-edition/'))).toContain('teh odd typo');
  });

  it('an invalid pattern is skipped; the valid ones still apply', async () => {
    await setRules([{ find: '(', replace: 'x' }, { find: '\\bteh\\b', replace: 'the' }]);
    expect(visibleBody(await page('/welcome-to-the-new-edition/'))).toContain('If you spot the odd typo');
  });

  it('applies each rule once, also in an article kept per content version, and to its like counts each time', async () => {
    // a rule whose replacement contains what it finds: applied twice, it would show twice
    await setRules([{ find: 'odd typo', replace: 'odd typo (spelling slip)' }, { find: '^(\\d+)$', replace: '$1 likes' }]);
    const uncached = async (p: string) => (await fetch(server.url + p, { headers: { cookie: 'masthead_session=no-such-session' } })).text();
    for (const html of [await page('/welcome-to-the-new-edition/'), await uncached('/welcome-to-the-new-edition/'), await uncached('/welcome-to-the-new-edition/')]) {
      const body = visibleBody(html);
      expect(body).toContain('odd typo (spelling slip) that slipped');
      expect(body).not.toContain('(spelling slip) (spelling slip)');
      // the like buttons are rendered on every request inside the kept article: the rules reach them too
      expect(body).toMatch(/<span class="like-button__count" id="like-count-\d+-header">\d+ likes<\/span>/);
    }
  });

  it('leaves non-HTML answers alone', async () => {
    await setRules([{ find: 'version', replace: 'VERSION' }]);
    const feed = await (await fetch(`${server.url}/feed/`)).text();
    expect(feed).toContain('version=');
    const json = await (await fetch(`${server.url}/healthz`)).json();
    expect(json).toMatchObject({ status: 'ok' });
  });
});
