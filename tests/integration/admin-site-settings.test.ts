/**
 * Issue 10's settings and redirect actions through the admin endpoint, on SQLite and PostgreSQL:
 * a save is validated by the key's own schema (errors by field, nothing stored), a stored change
 * bumps the content version, and redirect addresses are stored canonically, without duplicates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../support/db.ts';
import { handleAdminRequest } from '../../src/server/admin/index.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { startSession } from '../../src/server/session.server.ts';
import { CONTENT_VERSION, type Runtime } from '../../src/server/runtime.server.ts';
import { settingsKeys } from '../../src/features/site/settings.ts';

const ORIGIN = 'http://admin.test';

for (const target of testDatabases()) {
  describe(`settings and redirects actions on ${target.name}`, () => {
    let t: TestDb;
    let runtime: Runtime;
    let admin: string;
    let editor: string;

    beforeAll(async () => {
      t = await target.open();
      runtime = {
        config: { publicUrl: ORIGIN },
        log: createLogger('silent'),
        repos: t.repos,
        contentChanged: async () => void (await t.repos.counters.increment(CONTENT_VERSION)),
      } as unknown as Runtime;
      const login = async (role: 'administrator' | 'editor') => {
        const id = await t.repos.users.create({ login: `${role}-s`, email: `${role}-s@example.com`, displayName: role, role, passwordHash: 'x' });
        return (await startSession(t.repos, id, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false })).cookie.split(';')[0]!;
      };
      admin = await login('administrator');
      editor = await login('editor');
    });
    afterAll(() => t.close());

    const call = async (action: string, body: unknown, cookie = admin) => {
      const res = await handleAdminRequest(
        new Request(`${ORIGIN}/api/admin/${action}`, { method: 'POST', headers: { origin: ORIGIN, 'x-masthead-admin': '1', 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }),
        { runtime },
      );
      return { status: res.status, body: (await res.json()) as { ok: boolean; data?: any; error?: { code: string; field?: string; fields?: Record<string, string>; message: string } } };
    };

    it('saves a cookie notice text and bumps the content version', async () => {
      const before = await t.repos.counters.get(CONTENT_VERSION);
      const current = (await call('settings.get', { key: 'cookieNotice' })).body.data.value;
      const r = await call('settings.save', { key: 'cookieNotice', value: { ...current, text: 'We bake cookies.' } });
      expect(r.status).toBe(200);
      expect(r.body.data.value.text).toBe('We bake cookies.');
      expect((await t.repos.settings.get('cookieNotice', settingsKeys.cookieNotice)).text).toBe('We bake cookies.');
      expect(await t.repos.counters.get(CONTENT_VERSION)).toBe(before + 1);
    });

    it('answers every invalid field by its name and stores nothing', async () => {
      const before = await t.repos.counters.get(CONTENT_VERSION);
      const r = await call('settings.save', { key: 'site', value: { title: 'Broken', postsPerPage: 500, dir: 'sideways' } });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.error!.fields!)).toEqual(expect.arrayContaining(['value.postsPerPage', 'value.dir']));
      expect((await t.repos.settings.get('site', settingsKeys.site)).title).toBe('Masthead');
      expect(await t.repos.counters.get(CONTENT_VERSION)).toBe(before);
    });

    it('refuses a text rule whose pattern does not compile, naming the rule', async () => {
      const r = await call('settings.save', { key: 'textRules', value: { rules: [{ find: 'ok', replace: 'fine' }, { find: '(unclosed', replace: 'x' }] } });
      expect(r.status).toBe(422);
      expect(r.body.error!.fields).toHaveProperty(['value.rules.1.find']);
      expect((await t.repos.settings.get('textRules', settingsKeys.textRules)).rules).toEqual(expect.not.arrayContaining([{ find: 'ok', replace: 'fine' }]));
      const good = await call('settings.save', { key: 'textRules', value: { rules: [{ find: 'Masthead', replace: 'Mast\u00adhead' }] } });
      expect(good.status).toBe(200);
      expect((await t.repos.settings.get('textRules', settingsKeys.textRules)).rules).toEqual([{ find: 'Masthead', replace: 'Mast\u00adhead' }]);
    });

    it('refuses an unknown key and keeps settings from the editor', async () => {
      expect((await call('settings.save', { key: 'secrets', value: {} })).status).toBe(422);
      const r = await call('settings.save', { key: 'analytics', value: { key: 'EDITOR' } }, editor);
      expect(r.status).toBe(403);
      expect((await t.repos.settings.get('analytics', settingsKeys.analytics)).key).toBe('');
    });

    it('stores redirects canonically, refuses a second one from the same address, edits and deletes', async () => {
      const made = await call('redirects.save', { from: 'https://old.example/Old%20Post', to: '/new-post/', status: 301 });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({ from: '/Old%20Post/', to: '/new-post/', status: 301, source: 'manual' });
      const again = await call('redirects.save', { from: '/Old Post/', to: '/elsewhere/' });
      expect(again.status).toBe(409);
      expect(again.body.error!.field).toBe('from');
      const bad = await call('redirects.save', { from: '/x/', to: 'javascript:alert(1)' });
      expect(bad.status).toBe(422);
      expect(bad.body.error!.field).toBe('to');
      const edited = await call('redirects.save', { id: made.body.data.id, from: '/older/', to: '/new-post/', status: 302 });
      expect(edited.body.data).toMatchObject({ from: '/older/', status: 302 });
      expect(await t.repos.redirects.find('/Old%20Post/')).toBeNull();
      const listed = await call('redirects.list', { search: 'older' });
      expect(listed.body.data.items.map((r: { from: string }) => r.from)).toEqual(['/older/']);
      expect((await call('redirects.delete', { id: edited.body.data.id })).status).toBe(200);
      expect((await call('redirects.delete', { id: edited.body.data.id })).status).toBe(404);
    });
  });
}
