/**
 * The admin API end to end without a browser: Request in, Response out (src/server/admin), on
 * SQLite and PostgreSQL. First the gate every call passes (method, CSRF header, origin, session,
 * role, body size, schema), then every action for every role that may use the admin, with the
 * answer each role must get; refusals are checked to change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { testDatabases, type TestDb } from '../support/db.ts';
import { handleAdminRequest, adminActions, type AdminActionName } from '../../src/server/admin/index.server.ts';
import { createContentServices, type ContentServices } from '../../src/server/content/index.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { startSession } from '../../src/server/session.server.ts';
import type { Runtime } from '../../src/server/runtime.server.ts';
import { createMailer } from '../../src/server/mail/mailer.server.ts';
import { hashPassword } from '../../src/server/passwords.server.ts';
import { settingsKeys } from '../../src/features/site/settings.ts';
import { demoForms } from '../../src/features/contact-form/definition.ts';
import type { Role } from '../../src/features/accounts/types.ts';
import type { Actor } from '../../src/server/content/actor.ts';
import { importStatus, stageUpload } from '../../src/server/wxr/jobs.server.ts';
import { createLocalStore } from '../../src/features/media/storage.server.ts';
import { richSite, testFiles, wxr } from '../support/wxr.ts';

const ORIGIN = 'http://admin.test';
const roles = ['administrator', 'editor', 'author', 'contributor'] as const;
type AdminRole = (typeof roles)[number];

const png = (w = 64, h = 48) => sharp({ create: { width: w, height: h, channels: 3, background: '#4a8' } }).png().toBuffer();

interface Ctx {
  actor: Actor;
  admin: Actor;
  /** someone who is not the actor */
  other: Actor;
  content: ContentServices;
  t: TestDb;
  runtime: Runtime;
}

interface Case {
  name: string;
  action: AdminActionName;
  /** which roles succeed (200); everyone else is refused with 403 */
  allowed: readonly AdminRole[];
  input(ctx: Ctx): Promise<unknown>;
  /** sent as the raw body (uploads) */
  file?: () => Promise<Buffer>;
  check?(data: unknown, ctx: Ctx): Promise<void> | void;
}

const all = roles;
const editors = ['administrator', 'editor'] as const;
const administrators = ['administrator'] as const;
const smallExport = () => Buffer.from(wxr({ ...richSite(), items: richSite().items.filter((i) => i.type === 'page') }));
const publishers = ['administrator', 'editor', 'author'] as const;

/** A draft written by the actor (created as the administrator on their behalf when they cannot). */
async function ownDraft(c: Ctx, title = 'Own draft') {
  return c.content.items.create(c.admin, 'post', { title, authorId: c.actor.id });
}
async function othersDraft(c: Ctx, title = 'Someone else’s draft') {
  return c.content.items.create(c.admin, 'post', { title, authorId: c.other.id });
}
const rnd = () => Math.random().toString(36).slice(2, 8);
/** A fresh account for the users screen's actions to work on. */
const someone = (c: Ctx) => c.t.repos.users.create({ login: `someone-${rnd()}`, email: `someone-${rnd()}@example.com`, displayName: 'Someone', role: 'author', passwordHash: 'x' });
/** A stored contact-form submission (issue 10's inbox). */
async function submission(c: Ctx) {
  const formId = await c.t.repos.forms.create({ title: 'Inbox form', locale: 'en', definition: {} });
  return c.t.repos.forms.addSubmission({ formId, containerPostId: null, unitTag: 'u', fields: { 'your-name': 'Someone' }, files: [], postedDataHash: 'h', status: 'mail_sent', remoteAddr: '127.0.0.1', userAgent: 'test' });
}
/** A stored contact form that no page shows (issue 10's forms screen). */
const aForm = (c: Ctx) => c.t.repos.forms.create({ title: 'API form', locale: 'en_US', definition: { ...demoForms[0]!, title: 'API form' } });
async function upload(c: Ctx, by: Actor) {
  return c.content.media.ingest(by, { bytes: await png(), filename: 'pic.png' }, { alt: 'A picture' });
}

const cases: Case[] = [
  { name: 'session.me', action: 'session.me', allowed: all, input: async () => ({}), check: (d, c) => void expect((d as { user: { id: number } }).user.id).toBe(c.actor.id) },
  {
    name: 'dashboard.summary (forms only for those who handle them)',
    action: 'dashboard.summary',
    allowed: all,
    input: async () => ({}),
    check: (d, c) => {
      const data = d as { views: unknown[]; submissions: unknown };
      expect(data.views).toHaveLength(30);
      expect(data.submissions === null).toBe(c.actor.role === 'author' || c.actor.role === 'contributor');
    },
  },
  {
    name: 'items.list of posts (own only unless one edits others)',
    action: 'items.list',
    allowed: all,
    input: async (c) => {
      await othersDraft(c, 'Listed other');
      await ownDraft(c, 'Listed own');
      return { kind: 'post', perPage: 100 };
    },
    check: (d, c) => {
      const items = (d as { items: { authorId: number }[] }).items;
      expect(items.length).toBeGreaterThan(0);
      const onlyOwn = items.every((i) => i.authorId === c.actor.id);
      expect(onlyOwn).toBe(c.actor.role === 'author' || c.actor.role === 'contributor');
    },
  },
  { name: 'items.list of pages', action: 'items.list', allowed: editors, input: async () => ({ kind: 'page' }) },
  { name: 'items.list of portfolio', action: 'items.list', allowed: editors, input: async () => ({ kind: 'portfolio' }) },
  { name: 'items.choices', action: 'items.choices', allowed: all, input: async () => ({}) },
  {
    name: 'items.pages (the parent-page choices)',
    action: 'items.pages',
    allowed: editors,
    input: async () => ({}),
    check: (d) => expect(Array.isArray(d)).toBe(true),
  },
  { name: 'items.create post', action: 'items.create', allowed: all, input: async () => ({ kind: 'post', fields: { title: 'Created by API' } }) },
  { name: 'items.create page', action: 'items.create', allowed: editors, input: async () => ({ kind: 'page', fields: { title: 'A page by API' } }) },
  { name: 'items.create portfolio', action: 'items.create', allowed: editors, input: async () => ({ kind: 'portfolio', fields: { title: 'A project by API' } }) },
  { name: 'items.get own', action: 'items.get', allowed: all, input: async (c) => ({ kind: null, id: (await ownDraft(c)).id }) },
  { name: 'items.get others', action: 'items.get', allowed: editors, input: async (c) => ({ kind: null, id: (await othersDraft(c)).id }) },
  {
    name: 'items.save own draft',
    action: 'items.save',
    allowed: all,
    input: async (c) => {
      const d = await ownDraft(c);
      return { kind: 'post', id: d.id, revision: d.revision, fields: { ...d.fields, title: 'Saved via API' } };
    },
    check: (d) => void expect((d as { fields: { title: string } }).fields.title).toBe('Saved via API'),
  },
  {
    name: 'items.save others',
    action: 'items.save',
    allowed: editors,
    input: async (c) => {
      const d = await othersDraft(c);
      return { kind: 'post', id: d.id, revision: d.revision, fields: { ...d.fields, title: 'Taken over' } };
    },
  },
  {
    name: 'items.autosave own',
    action: 'items.autosave',
    allowed: all,
    input: async (c) => {
      const d = await ownDraft(c);
      return { kind: 'post', id: d.id, revision: d.revision, fields: { ...d.fields, excerpt: 'typed' } };
    },
  },
  {
    name: 'items.publish own',
    action: 'items.publish',
    allowed: publishers,
    input: async (c) => {
      const d = await ownDraft(c, `Publish me ${c.actor.role}`);
      return { kind: 'post', id: d.id, revision: d.revision };
    },
  },
  {
    name: 'items.schedule own',
    action: 'items.schedule',
    allowed: publishers,
    input: async (c) => {
      const d = await ownDraft(c);
      return { kind: 'post', id: d.id, revision: d.revision, fields: { ...d.fields, date: new Date(Date.now() + 86_400_000).toISOString() } };
    },
  },
  {
    name: 'items.unpublish own published post',
    action: 'items.unpublish',
    allowed: publishers,
    input: async (c) => {
      const d = await ownDraft(c);
      const p = await c.content.items.publish(c.admin, 'post', d.id, d.revision, null);
      return { kind: 'post', id: d.id, revision: p.revision };
    },
  },
  {
    name: 'items.submit own draft for review',
    action: 'items.submit',
    allowed: all,
    input: async (c) => {
      const d = await ownDraft(c);
      return { kind: 'post', id: d.id, revision: d.revision };
    },
    check: (d) => void expect((d as { status: string }).status).toBe('pending'),
  },
  { name: 'items.trash own', action: 'items.trash', allowed: all, input: async (c) => ({ kind: 'post', id: (await ownDraft(c)).id }) },
  { name: 'items.trash others', action: 'items.trash', allowed: editors, input: async (c) => ({ kind: 'post', id: (await othersDraft(c)).id }) },
  {
    name: 'items.restore own',
    action: 'items.restore',
    allowed: all,
    input: async (c) => {
      const d = await ownDraft(c);
      await c.content.items.trash(c.admin, 'post', d.id);
      return { kind: 'post', id: d.id };
    },
  },
  { name: 'items.revisions own', action: 'items.revisions', allowed: all, input: async (c) => ({ kind: 'post', id: (await ownDraft(c)).id }) },
  {
    name: 'items.revision own',
    action: 'items.revision',
    allowed: all,
    input: async (c) => {
      const d = await ownDraft(c);
      const [r] = await c.content.items.revisions(c.admin, 'post', d.id);
      return { kind: 'post', id: d.id, revisionId: r!.id };
    },
  },
  {
    name: 'items.restoreRevision own',
    action: 'items.restoreRevision',
    allowed: all,
    input: async (c) => {
      const d = await ownDraft(c);
      const s = await c.content.items.save(c.admin, 'post', d.id, d.revision, { ...d.fields, title: 'Second' });
      const first = (await c.content.items.revisions(c.admin, 'post', d.id)).find((r) => r.revision === 1)!;
      return { kind: 'post', id: d.id, revisionId: first.id, revision: s.revision };
    },
    check: (d) => void expect((d as { fields: { title: string } }).fields.title).toBe('Own draft'),
  },
  { name: 'media.list', action: 'media.list', allowed: all, input: async () => ({}) },
  { name: 'media.get', action: 'media.get', allowed: all, input: async (c) => ({ id: (await upload(c, c.admin)).id }) },
  { name: 'media.many', action: 'media.many', allowed: all, input: async (c) => ({ ids: [(await upload(c, c.admin)).id] }) },
  { name: 'media.upload', action: 'media.upload', allowed: publishers, input: async () => ({ alt: 'Uploaded by API' }), file: () => png(), check: (d) => void expect((d as { alt: string }).alt).toBe('Uploaded by API') },
  { name: 'media.update own upload', action: 'media.update', allowed: publishers, input: async (c) => ({ id: (await upload(c, c.actor.role === 'contributor' ? c.admin : c.actor)).id, alt: 'New alt' }) },
  { name: 'media.update others', action: 'media.update', allowed: editors, input: async (c) => ({ id: (await upload(c, c.admin)).id, alt: 'Not yours' }) },
  { name: 'media.replace others', action: 'media.replace', allowed: editors, input: async (c) => ({ id: String((await upload(c, c.admin)).id) }), file: () => png(32, 32) },
  { name: 'media.delete others (unused)', action: 'media.delete', allowed: editors, input: async (c) => ({ id: (await upload(c, c.admin)).id }) },
  { name: 'terms.list', action: 'terms.list', allowed: all, input: async () => ({ taxonomy: 'category' }) },
  { name: 'terms.create', action: 'terms.create', allowed: editors, input: async (c) => ({ taxonomy: 'category', name: `Made by ${c.actor.role} ${Math.random()}` }) },
  {
    name: 'terms.update',
    action: 'terms.update',
    allowed: editors,
    input: async (c) => {
      const term = await c.content.taxonomies.create(c.admin, 'tag', { name: `T ${Math.random()}` });
      return { id: term.id, name: `${term.name} renamed` };
    },
  },
  {
    name: 'terms.merge',
    action: 'terms.merge',
    allowed: editors,
    input: async (c) => {
      const a = await c.content.taxonomies.create(c.admin, 'tag', { name: `A ${Math.random()}` });
      const b = await c.content.taxonomies.create(c.admin, 'tag', { name: `B ${Math.random()}` });
      return { id: a.id, intoId: b.id };
    },
  },
  { name: 'terms.delete', action: 'terms.delete', allowed: editors, input: async (c) => ({ id: (await c.content.taxonomies.create(c.admin, 'tag', { name: `D ${Math.random()}` })).id }) },
  { name: 'import.upload', action: 'import.upload', allowed: administrators, input: async () => ({ kind: 'wxr' }), file: async () => smallExport(), check: (d) => void expect((d as { token: string }).token).toMatch(/^[0-9a-f]{24}$/) },
  {
    name: 'import.start (a dry run)',
    action: 'import.start',
    allowed: administrators,
    input: async (c) => ({ wxr: (await stageUpload(c.runtime, 'wxr', smallExport(), 'site.xml')).token, dryRun: true }),
    async check(d, c) {
      expect((d as { state: string }).state).toBe('running');
      for (let i = 0; i < 500 && (await importStatus(c.runtime))?.state === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
      expect((await importStatus(c.runtime))?.report?.counts.pages.created).toBe(4);
    },
  },
  { name: 'import.status', action: 'import.status', allowed: administrators, input: async () => ({}) },
  // Issue 10: the submissions inbox is for editors and administrators.
  { name: 'submissions.list', action: 'submissions.list', allowed: editors, input: async () => ({}) },
  { name: 'submissions.get', action: 'submissions.get', allowed: editors, input: async (c) => ({ id: await submission(c) }) },
  { name: 'submissions.spam', action: 'submissions.spam', allowed: editors, input: async (c) => ({ id: await submission(c), spam: true }) },
  { name: 'submissions.delete', action: 'submissions.delete', allowed: editors, input: async (c) => ({ id: await submission(c) }) },
  { name: 'submissions.export', action: 'submissions.export', allowed: editors, input: async () => ({ box: 'spam' }) },
  {
    name: 'submissions.resend',
    action: 'submissions.resend',
    allowed: editors,
    input: async (c) => {
      const id = await submission(c);
      return { id, mailId: await c.t.repos.outbox.enqueue({ to: 'desk@example.com', subject: 'Again', text: 'x', submissionId: id }) };
    },
  },
  // Issue 10: users are the administrator's; everyone who uses the admin has their own profile.
  { name: 'users.list', action: 'users.list', allowed: ['administrator'], input: async () => ({}) },
  { name: 'users.invite', action: 'users.invite', allowed: ['administrator'], input: async () => ({ login: `invited-${rnd()}`, email: `invited-${rnd()}@example.com`, displayName: 'Invited', role: 'author' }) },
  { name: 'users.setRole', action: 'users.setRole', allowed: ['administrator'], input: async (c) => ({ id: await someone(c), role: 'editor' }) },
  { name: 'users.lock', action: 'users.lock', allowed: ['administrator'], input: async (c) => ({ id: await someone(c), locked: true }) },
  { name: 'users.delete', action: 'users.delete', allowed: ['administrator'], input: async (c) => ({ id: await someone(c), reassignTo: c.admin.id }) },
  { name: 'profile.get', action: 'profile.get', allowed: all, input: async () => ({}), check: (d, c) => void expect((d as { id: number }).id).toBe(c.actor.id) },
  { name: 'profile.save', action: 'profile.save', allowed: all, input: async (c) => ({ displayName: `The ${c.actor.role}`, bio: 'Writes.' }) },
  {
    name: 'profile.password',
    action: 'profile.password',
    allowed: all,
    input: async (c) => {
      await c.t.repos.users.setPasswordHash(c.actor.id, await hashPassword('old-password-41'));
      return { current: 'old-password-41', password: 'brand-new-words-42', confirm: 'brand-new-words-42' };
    },
  },
  {
    name: 'profile.email',
    action: 'profile.email',
    allowed: all,
    input: async (c) => {
      await c.t.repos.users.setPasswordHash(c.actor.id, await hashPassword('old-password-41'));
      return { email: `new-${rnd()}@example.com`, password: 'old-password-41' };
    },
  },
  // Issue 10: menus are the administrator's.
  { name: 'menus.get', action: 'menus.get', allowed: ['administrator'], input: async () => ({ location: 'main' }) },
  { name: 'menus.save', action: 'menus.save', allowed: ['administrator'], input: async () => ({ location: 'footer', items: [{ label: 'About', url: '/about/', depth: 0 }] }) },
  { name: 'menus.sources', action: 'menus.sources', allowed: ['administrator'], input: async () => ({ kind: 'category' }) },
  { name: 'menus.preview', action: 'menus.preview', allowed: ['administrator'], input: async () => ({ location: 'main', items: [{ label: 'Draft', url: '/draft/', depth: 0 }] }) },
  { name: 'forms.list', action: 'forms.list', allowed: editors, input: async () => ({}) },
  { name: 'forms.get', action: 'forms.get', allowed: editors, input: async (c) => ({ id: await aForm(c) }) },
  { name: 'forms.create', action: 'forms.create', allowed: editors, input: async () => ({ title: 'Created by API' }) },
  { name: 'forms.duplicate', action: 'forms.duplicate', allowed: editors, input: async (c) => ({ id: await aForm(c) }) },
  { name: 'forms.delete', action: 'forms.delete', allowed: editors, input: async (c) => ({ id: await aForm(c) }) },
  {
    name: 'forms.save',
    action: 'forms.save',
    allowed: editors,
    input: async (c) => ({ id: await aForm(c), title: 'Saved by API', template: '[text* your-name]\n[submit "Send"]', mail: { to: '[_site_admin_email]', subject: 'From [your-name]', body: '[your-name]' } }),
  },
  // Issue 10: settings are the administrator's alone; editors (not authors) keep the redirect table, as their slug changes add to it.
  { name: 'settings.get', action: 'settings.get', allowed: ['administrator'], input: async () => ({ key: 'theme' }), check: (d) => void expect((d as { value: { headerSearch: string } }).value.headerSearch).toBe('overlay') },
  { name: 'settings.save', action: 'settings.save', allowed: ['administrator'], input: async () => ({ key: 'analytics', value: { key: 'G-TEST' } }) },
  { name: 'redirects.list', action: 'redirects.list', allowed: editors, input: async () => ({}) },
  { name: 'redirects.save', action: 'redirects.save', allowed: editors, input: async () => ({ from: `/old-${Math.random().toString(36).slice(2)}/`, to: '/new/', status: 302 }) },
  { name: 'redirects.delete', action: 'redirects.delete', allowed: editors, input: async (c) => ({ id: await c.t.repos.redirects.save({ from: `/gone-${Math.random().toString(36).slice(2)}/`, to: '/here/', source: 'manual' }) }) },
];

for (const target of testDatabases()) {
  describe(`admin API on ${target.name}`, () => {
    let t: TestDb;
    let dataDir: string;
    let runtime: Runtime;
    let content: ContentServices;
    const cookies = {} as Record<AdminRole | 'subscriber', string>;
    const actors = {} as Record<AdminRole, Actor>;

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-admin-api-'));
      content = createContentServices({ repos: t.repos, dataDir, contentChanged: async () => undefined });
      runtime = { config: { publicUrl: ORIGIN, dataDir }, log: createLogger('silent'), repos: t.repos, content, contentChanged: async () => undefined, mediaStore: createLocalStore(dataDir),
        // the real mailer without an SMTP server: mail stays in the outbox
        mailer: createMailer({ smtpUrl: undefined, from: 'Masthead <no-reply@admin.test>', repos: t.repos, log: createLogger('silent') }),
        settings: async () => ({ site: await t.repos.settings.get('site', settingsKeys.site) }),
      } as unknown as Runtime;
      for (const role of [...roles, 'subscriber'] as const) {
        const id = await t.repos.users.create({ login: `${role}-user`, email: `${role}@example.com`, displayName: `The ${role}`, role: role as Role, passwordHash: 'x' });
        if (role !== 'subscriber') actors[role] = { id, role };
        const { cookie } = await startSession(t.repos, id, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false });
        cookies[role] = cookie.split(';')[0]!;
      }
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const call = (action: string, body: unknown, opts: { cookie?: string | null; headers?: Record<string, string>; method?: string; raw?: BodyInit; query?: string } = {}) =>
      handleAdminRequest(
        new Request(`${ORIGIN}/api/admin/${action}${opts.query ?? ''}`, {
          method: opts.method ?? 'POST',
          headers: {
            origin: ORIGIN,
            'x-masthead-admin': '1',
            'content-type': 'application/json',
            ...(opts.cookie === null ? {} : { cookie: opts.cookie ?? cookies.administrator }),
            ...opts.headers,
          },
          ...(opts.method === 'GET' ? {} : { body: opts.raw ?? JSON.stringify(body) }),
        }),
        { runtime },
      );

    describe('the gate every call passes', () => {
      it('answers only POST', async () => {
        expect((await call('session.me', null, { method: 'GET' })).status).toBe(405);
      });
      it('refuses a call without the CSRF header or from another origin', async () => {
        const noHeader = await call('session.me', {}, { headers: { 'x-masthead-admin': '' } });
        expect(noHeader.status).toBe(403);
        expect((await noHeader.json()).error.code).toBe('csrf');
        const foreign = await call('session.me', {}, { headers: { origin: 'https://evil.example' } });
        expect(foreign.status).toBe(403);
        expect((await foreign.json()).error.code).toBe('bad_origin');
      });
      it('refuses without a session, and accounts whose role has no admin access', async () => {
        const anon = await call('session.me', {}, { cookie: null });
        expect(anon.status).toBe(401);
        expect((await anon.json()).error.code).toBe('signed_out');
        expect((await call('session.me', {}, { cookie: 'masthead_session=forged-token' })).status).toBe(401);
        expect((await call('session.me', {}, { cookie: cookies.subscriber })).status).toBe(403);
      });
      it('refuses unknown actions, non-JSON, broken JSON and bodies over 1 MB', async () => {
        expect((await call('nope.nothing', {})).status).toBe(404);
        expect((await call('__proto__', {})).status).toBe(404);
        expect((await call('session.me', null, { headers: { 'content-type': 'text/plain' }, raw: 'hi' })).status).toBe(415);
        expect((await call('session.me', null, { raw: '{"broken' })).status).toBe(400);
        const big = await call('items.create', { kind: 'post', fields: { title: 'Big', excerpt: 'x'.repeat(1_100_000) } });
        expect(big.status).toBe(413);
        expect((await big.json()).error.message).toMatch(/1 MB/);
        expect((await t.repos.editorial.list({ kind: 'post', search: 'Big', limit: 10 })).total).toBe(0);
      });
      it('answers a schema failure with the field and its message, and stores nothing', async () => {
        const r = await call('items.create', { kind: 'post', fields: { title: 42, blocks: [{ type: 'marquee' }] } });
        expect(r.status).toBe(422);
        const body = await r.json();
        expect(body.error.code).toBe('invalid');
        expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['fields.title']));
        const unknown = await call('items.create', { kind: 'post', fields: { title: 'Unknown block', blocks: [{ type: 'marquee', html: 'x' }] } });
        expect(unknown.status).toBe(422);
        expect((await t.repos.editorial.list({ kind: 'post', search: 'Unknown block', limit: 10 })).total).toBe(0);
      });
      it('maps a conflict to 409 with the current revision, and a field error to 422 with its field', async () => {
        const d = await content.items.create(actors.administrator, 'post', { title: 'Race' });
        await content.items.save(actors.administrator, 'post', d.id, d.revision, { ...d.fields, title: 'Race won' });
        const r = await call('items.save', { kind: 'post', id: d.id, revision: d.revision, fields: { ...d.fields, title: 'Race lost' } });
        expect(r.status).toBe(409);
        expect((await r.json()).error).toMatchObject({ code: 'conflict', details: { revision: 2 } });
        const slug = await call('items.save', { kind: 'post', id: d.id, revision: 2, fields: { ...d.fields, slug: 'Bad Slug' } });
        expect(slug.status).toBe(422);
        expect((await slug.json()).error.field).toBe('slug');
        expect((await content.items.get(actors.administrator, 'post', d.id)).item.fields.title).toBe('Race won');
      });
      it('refuses an upload whose content is no accepted type, and one over the size limit', async () => {
        const svg = await call('media.upload', null, { headers: { 'content-type': 'image/jpeg', 'x-filename': 'evil.jpg' }, raw: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
        expect(svg.status).toBe(415);
        // HTML named as a PDF, and an executable: refused by what they are, whatever their names say
        const html = await call('media.upload', null, { headers: { 'content-type': 'application/pdf', 'x-filename': 'report.pdf' }, raw: '<!doctype html><script>alert(1)</script>' });
        expect(html.status).toBe(415);
        expect((await html.json()).error).toMatchObject({ code: 'unsupported', field: 'file' });
        const exe = await call('media.upload', null, { headers: { 'content-type': 'application/pdf', 'x-filename': 'tool.pdf' }, raw: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, ...new Array(200).fill(0)]) });
        expect(exe.status).toBe(415);
        const big = await call('media.upload', null, { headers: { 'content-type': 'image/png', 'content-length': String(70 * 1024 * 1024) }, raw: 'x' });
        expect(big.status).toBe(413);
      });
      it('takes a PDF and an MP3 into the library as files (by content, no renditions), lists them apart from pictures, and deletes an unused one', async () => {
        const pdf = await call('media.upload', null, { headers: { 'content-type': 'application/octet-stream', 'x-filename': encodeURIComponent('Annual report.PDF') }, raw: testFiles.pdf() });
        expect(pdf.status).toBe(200);
        const item = (await pdf.json()).data as { id: number; file: string; mime: string; width: number; variants: unknown[]; originalName: string; title: string; size: number };
        expect(item).toMatchObject({ mime: 'application/pdf', width: 0, variants: [], originalName: 'Annual report.PDF', title: 'Annual report', size: testFiles.pdf().length });
        expect(item.file).toMatch(/^\/media\/uploads\/\d{4}\/\d{2}\/annual-report-[0-9a-f]{8}\.pdf$/);
        const stored = path.join(dataDir, 'uploads', item.file.slice('/media/uploads/'.length));
        expect(readFileSync(stored)).toEqual(testFiles.pdf());
        // named .jpg, but audio: stored and served as MP3
        const mp3 = await call('media.upload', null, { headers: { 'content-type': 'image/jpeg', 'x-filename': 'shanty.jpg' }, raw: testFiles.mp3() });
        expect(((await mp3.json()).data as { file: string; mime: string })).toMatchObject({ mime: 'audio/mpeg', file: expect.stringMatching(/\.mp3$/) });
        const files = (await (await call('media.list', { kind: 'file' })).json()).data as { items: { id: number; mime: string }[] };
        expect(files.items.map((m) => m.mime)).toEqual(expect.arrayContaining(['application/pdf', 'audio/mpeg']));
        const images = (await (await call('media.list', { kind: 'image' })).json()).data as { items: { mime: string }[] };
        expect(images.items.every((m) => m.mime.startsWith('image/'))).toBe(true);
        // a picture may not replace a file (blocks link the file by its address)
        const swap = await call('media.replace', null, { query: `?id=${item.id}`, headers: { 'content-type': 'image/png', 'x-filename': 'x.png' }, raw: await png() });
        expect(swap.status).toBe(415);
        expect((await call('media.delete', { id: item.id })).status).toBe(200);
        expect(existsSync(stored)).toBe(false);
      });
      it('has a case below for every action in the table', () => {
        expect(new Set(cases.map((c) => c.action))).toEqual(new Set(Object.keys(adminActions)));
      });
    });

    describe("the WordPress import's upload", () => {
      const tmpFiles = () => readdirSync(path.join(dataDir, 'uploads-tmp')).filter((n) => n.startsWith('.upload-'));

      it('is streamed to disk and staged; what is not an export is refused and nothing is kept', async () => {
        const bytes = smallExport();
        // sent in pieces without a Content-Length, as a browser streams a large file
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.byteLength; at += 1000) controller.enqueue(new Uint8Array(bytes.subarray(at, at + 1000)));
            controller.close();
          },
        });
        const r = await handleAdminRequest(
          new Request(`${ORIGIN}/api/admin/import.upload?kind=wxr`, { method: 'POST', headers: { origin: ORIGIN, 'x-masthead-admin': '1', 'content-type': 'text/xml', 'x-filename': 'site.xml', cookie: cookies.administrator }, body, duplex: 'half' } as RequestInit),
          { runtime },
        );
        const res = (await r.json()) as { data: { token: string; size: number } };
        expect(r.status).toBe(200);
        expect(res.data.size).toBe(bytes.byteLength);
        // staged in the media store's private area (here DATA_DIR), moved there rather than copied
        expect(readFileSync(path.join(dataDir, 'private', 'imports', `${res.data.token}.xml`)).equals(bytes)).toBe(true);
        expect(tmpFiles()).toEqual([]);

        const junk = await call('import.upload', null, { raw: 'just some text', headers: { 'content-type': 'text/plain', 'x-filename': 'notes.txt' }, query: '?kind=wxr' });
        expect(junk.status).toBe(415);
        expect(tmpFiles()).toEqual([]);
        const bad = await call('import.upload', null, { raw: '<rss/>', headers: { 'content-type': 'text/xml' }, query: '?kind=exe' });
        expect(bad.status).toBe(422);
        expect(tmpFiles()).toEqual([]);
      });
    });

    for (const c of cases) {
      describe(c.name, () => {
        for (const role of roles) {
          const ok = c.allowed.includes(role);
          it(`${role}: ${ok ? 'allowed' : 'refused'}`, async () => {
            const ctx: Ctx = { actor: actors[role], admin: actors.administrator, other: role === 'editor' ? actors.administrator : actors.editor, content, t, runtime };
            const input = await c.input(ctx);
            const file = c.file ? await c.file() : null;
            const res = file
              ? await call(c.action, null, { cookie: cookies[role], raw: new Uint8Array(file), headers: { 'content-type': 'image/png', 'x-filename': 'api.png' }, query: `?${new URLSearchParams(input as Record<string, string>).toString()}` })
              : await call(c.action, input, { cookie: cookies[role] });
            const body = (await res.json()) as { ok: boolean; data?: unknown; error?: { code: string; message: string } };
            if (ok) {
              expect(body.error, JSON.stringify(body.error)).toBeUndefined();
              expect(res.status).toBe(200);
              expect(res.headers.get('cache-control')).toBe('no-store');
              await c.check?.(body.data, ctx);
            } else {
              expect(res.status).toBe(403);
              expect(body.error?.code).toBe('forbidden');
              expect(body.error?.message).toBeTruthy();
            }
          });
        }
      });
    }
  });
}
