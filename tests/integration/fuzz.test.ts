/**
 * Fuzz and load against the built server (issue 13's harness). Property-based bodies (fast-check)
 * against every public endpoint: never a 5xx, nothing stored unless the request was valid, the
 * process stays up. Then a mixed load at 50 connections: no errors, no 5xx, bounded memory.
 *
 * `npm test` runs FUZZ_RUNS=300 cases per endpoint and 1,000 load requests; `npm run
 * test:hardening` runs 10,000 of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import autocannon from 'autocannon';
import { startTestSite, type TestSite } from '../support/site.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const LOAD = Number(process.env.LOAD_REQUESTS ?? 1000);
/**
 * Each property sends RUNS × a few requests, some of which hash a password: the time they take is
 * not what is tested (no 5xx, nothing stored is), so the limit grows with the runs and leaves room
 * for a busy machine.
 */
const FUZZ_TIMEOUT = Math.max(90_000, RUNS * 300);
const ACTIONS = ['masthead-post-like', 'masthead_login_ajax', 'masthead_register_ajax', 'masthead_resetpass_ajax', 'masthead_count_view', 'masthead_rateyo', 'masthead_post_state', 'masthead_pfl_more_post_ajax'];
const ADMIN_ACTIONS = ['session.me', 'dashboard.summary', 'posts.list', 'posts.save', 'media.upload', 'media.delete', 'terms.save', 'nope'];

let server: TestSite;
let base: string;

beforeAll(async () => {
  server = await startTestSite('sqlite', { MASTHEAD_RATE_LIMIT: '100000' });
  base = server.url;
});
afterAll(() => server?.close());

/** Everything a request could have written: it must not move unless a request was valid. */
async function footprint() {
  const { repos, db } = server.runtime;
  const count = async (table: 'submissions' | 'mail_outbox' | 'users' | 'likes' | 'ratings' | 'sessions' | 'one_time_tokens') =>
    Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    submissions: await count('submissions'),
    outbox: await count('mail_outbox'),
    users: await count('users'),
    likes: await count('likes'),
    ratings: await count('ratings'),
    sessions: await count('sessions'),
    tokens: await count('one_time_tokens'),
    content: await repos.counters.get('content_version'),
  };
}

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('', '0', '-1', '1e309', 'null', '[]', '{}', '__proto__', '../../etc/passwd', '<script>', 'a'.repeat(3000)));
const fields = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('action', 'nonce', 'security', 'post_id', 'postid', 'rating', 'username', 'password', 'email', 'ids[]', 'a[b][c]', '__proto__[x]', '_wpcf7_unit_tag', 'your-email', 'form', 'redirect_to')), text, { maxKeys: 12 });

async function check(req: () => Promise<Response>) {
  const r = await req();
  await r.arrayBuffer();
  expect(r.status, `${r.status} ${r.url}`).toBeLessThan(500);
}

describe('fuzz: random bodies against every public endpoint', () => {
  let before: Awaited<ReturnType<typeof footprint>>;
  beforeAll(async () => {
    before = await footprint();
  });
  const origin = () => ({ origin: base });

  it('theme calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ACTIONS), fields, async (action, f) => {
        const body = new URLSearchParams({ ...f, action });
        await check(() => fetch(`${base}/api/theme`, { method: 'POST', body, headers: origin() }));
      }),
      { numRuns: RUNS },
    );
  }, FUZZ_TIMEOUT);

  it('contact-form feedback, schema and refill', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom('1', '2', '0', '999999999', 'abc', '1.5'), fc.string({ maxLength: 6 })), fields, async (id, f) => {
        const fd = new FormData();
        for (const [k, v] of Object.entries(f)) fd.append(k, v);
        fd.append('attachment', new Blob([new Uint8Array(16)]), 'x.pdf');
        const at = `${base}/wp-json/contact-form-7/v1/contact-forms/${encodeURIComponent(id)}`;
        await check(() => fetch(`${at}/feedback`, { method: 'POST', body: fd, headers: origin() }));
        await check(() => fetch(`${at}/feedback/schema`));
        await check(() => fetch(`${at}/refill`));
      }),
      { numRuns: RUNS },
    );
  }, FUZZ_TIMEOUT);

  it('account forms, nonce and search', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('login', 'register', 'reset', 'logout', 'other'), fields, text, async (form, f, words) => {
        await check(() => fetch(`${base}/account/`, { method: 'POST', body: new URLSearchParams({ ...f, form }), headers: origin(), redirect: 'manual' }));
        await check(() => fetch(`${base}/account/reset/?token=${encodeURIComponent(words)}`, { redirect: 'manual' }));
        await check(() => fetch(`${base}/api/nonce?${new URLSearchParams(f)}`));
        await check(() => fetch(`${base}/?s=${encodeURIComponent(words)}`, { redirect: 'manual' }));
      }),
      { numRuns: RUNS },
    );
  }, FUZZ_TIMEOUT);

  it('admin API without a session', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ADMIN_ACTIONS), fc.jsonValue({ maxDepth: 3 }), async (action, value) => {
        await check(() =>
          fetch(`${base}/api/admin/${action}`, { method: 'POST', body: JSON.stringify(value), headers: { ...origin(), 'x-masthead-admin': '1', 'content-type': 'application/json' } }),
        );
      }),
      { numRuns: RUNS },
    );
  }, FUZZ_TIMEOUT);

  it('changed nothing stored, and the process is still up', async () => {
    expect(await footprint()).toEqual(before);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('theme calls past the nonce check (valid calls may store; none may fail)', async () => {
    const r = await fetch(`${base}/api/nonce?visitor=1`);
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { nonce } = (await r.json()) as { nonce: string };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ACTIONS), fields, async (action, f) => {
        const body = new URLSearchParams({ ...f, action, nonce });
        await check(() => fetch(`${base}/api/theme`, { method: 'POST', body, headers: { ...origin(), cookie } }));
      }),
      { numRuns: RUNS },
    );
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, FUZZ_TIMEOUT);
});

describe('load', () => {
  it(`answers ${LOAD} mixed requests at 50 connections without an error, with bounded memory`, async () => {
    const rssBefore = process.memoryUsage().rss;
    const form = new URLSearchParams({ action: 'masthead_post_state', post_ids: '1' }).toString();
    const result = await autocannon({
      url: base,
      connections: 50,
      amount: LOAD,
      requests: [
        { method: 'GET', path: '/' },
        { method: 'GET', path: '/welcome-to-the-new-edition/' },
        { method: 'GET', path: '/?s=cake' },
        { method: 'GET', path: '/category/food/?page=1&utm=x' },
        { method: 'POST', path: '/api/theme', headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: form },
        { method: 'GET', path: '/wp-json/contact-form-7/v1/contact-forms/1/feedback/schema' },
      ],
    });
    const fiveHundreds = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => Number(code) >= 500);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(fiveHundreds).toEqual([]);
    expect(result.requests.sent).toBeGreaterThanOrEqual(LOAD);
    // the page cache and the static cache are bounded; the rest is garbage
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 600_000);
});
