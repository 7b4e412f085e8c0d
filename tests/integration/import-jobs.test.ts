/**
 * The admin's import jobs are shared through the database (issue 14, part 4): with several
 * processes the upload, the start and each poll of the Import screen can reach different ones.
 * Here two runtimes on one database and one DATA_DIR stand for two worker processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabases, type TestDb } from '../support/db.ts';
import { richSite, wxr } from '../support/wxr.ts';
import { createLogger } from '../../src/server/log.server.ts';
import type { Runtime } from '../../src/server/runtime.server.ts';
import { importStatus, stageUpload, startImport } from '../../src/server/wxr/jobs.server.ts';
import { createLocalStore } from '../../src/features/media/storage.server.ts';
import { sweepMedia } from '../../src/features/media/sweep.server.ts';
import { STAGING_PREFIX, sweepStagings } from '../../src/server/wxr/staging.server.ts';

for (const target of testDatabases()) {
  describe(`import jobs over several processes on ${target.name}`, () => {
    let t: TestDb;
    let dataDir: string;
    let one: Runtime;
    let two: Runtime;
    let adminId: number;

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-import-jobs-'));
      const runtime = () => ({ config: { dataDir }, log: createLogger('silent'), repos: t.repos, mediaStore: createLocalStore(dataDir), contentChanged: async () => undefined }) as unknown as Runtime;
      one = runtime();
      two = runtime();
      adminId = await t.repos.users.create({ login: 'admin', email: 'admin@example.com', displayName: 'Admin', role: 'administrator', passwordHash: 'x' });
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('stages on one process, starts on another, and every process follows the job', async () => {
      expect(await importStatus(one)).toBeNull();
      const site = Buffer.from(wxr({ ...richSite(), items: richSite().items.filter((i) => i.type === 'page') }));
      const { token } = await stageUpload(one, 'wxr', site, 'site.xml');
      const job = await startImport(two, { id: adminId, role: 'administrator' }, { wxr: token, media: null, dryRun: true });
      expect(job.state).toBe('running');
      // one at a time, whichever process is asked
      await expect(startImport(one, { id: adminId, role: 'administrator' }, { wxr: token, media: null, dryRun: true })).rejects.toThrow(/already running/);
      for (let i = 0; i < 500 && (await importStatus(one))?.state === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
      const seen = await importStatus(one);
      expect(seen).toMatchObject({ id: job.id, state: 'done', fileName: 'site.xml', dryRun: true });
      expect(seen?.report?.counts.pages.created).toBe(4);
      // the staged file was used up
      await expect(startImport(one, { id: adminId, role: 'administrator' }, { wxr: token, media: null, dryRun: true })).rejects.toThrow(/Upload the export file first/);
    });

    it('reads a running job whose process went away as failed', async () => {
      const old = new Date(Date.now() - 5 * 60_000).toISOString();
      await t.db.kysely.insertInto('import_jobs').values({ id: 'ffffffffffffffff', state: 'running', file_name: 'lost.xml', dry_run: 0, started_at: new Date().toISOString(), updated_at: old }).execute();
      expect(await importStatus(two)).toMatchObject({ id: 'ffffffffffffffff', state: 'failed', error: expect.stringMatching(/stopped/) });
    });

    it('starts one import when two processes are asked at the same moment; a lost run does not block the next', async () => {
      const site = Buffer.from(wxr({ ...richSite(), items: richSite().items.filter((i) => i.type === 'page') }));
      const a = await stageUpload(one, 'wxr', site, 'a.xml');
      const b = await stageUpload(two, 'wxr', site, 'b.xml');
      const admin = { id: adminId, role: 'administrator' } as const;
      // the lost run of the test before is still a `running` row: closed as failed when the next starts
      const both = await Promise.allSettled([startImport(one, admin, { wxr: a.token, media: null, dryRun: true }), startImport(two, admin, { wxr: b.token, media: null, dryRun: true })]);
      expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.objectContaining({ message: expect.stringMatching(/already running/) }) });
      for (let i = 0; i < 500 && (await importStatus(one))?.state === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
      expect((await importStatus(two))?.state).toBe('done');
      const lost = await t.db.kysely.selectFrom('import_jobs').select(['state', 'error']).where('id', '=', 'ffffffffffffffff').executeTakeFirstOrThrow();
      expect(lost).toMatchObject({ state: 'failed', error: expect.stringMatching(/stopped/) });
    });

    const admin = () => ({ id: adminId, role: 'administrator' }) as const;
    const untilDone = async () => {
      for (let i = 0; i < 500 && (await importStatus(one))?.state === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
      return importStatus(one);
    };
    /** the staged keys of one upload (the tests before leave stagings never started) */
    const stagedKeys = async (token: string) => {
      const keys: string[] = [];
      for await (const { key } of one.mediaStore.list(STAGING_PREFIX)) if (key.includes(token)) keys.push(key);
      return keys.sort();
    };

    it('a staged file that is gone fails the job with a clear message, imports nothing, and is forgotten', async () => {
      const site = Buffer.from(wxr({ ...richSite(), items: richSite().items.filter((i) => i.type === 'page') }));
      const { token } = await stageUpload(one, 'wxr', site, 'gone.xml');
      expect(await stagedKeys(token)).toEqual([`${STAGING_PREFIX}${token}.json`, `${STAGING_PREFIX}${token}.xml`]);
      rmSync(path.join(dataDir, 'private', 'imports', `${token}.xml`));
      const pagesBefore = (await t.repos.editorial.list({ kind: 'page', status: 'all', limit: 1 })).total;
      await startImport(two, admin(), { wxr: token, media: null, dryRun: false });
      expect(await untilDone()).toMatchObject({ state: 'failed', error: expect.stringMatching(/gone\.xml\) is no longer in the media storage: upload it again\. Nothing was imported/) });
      expect((await t.repos.editorial.list({ kind: 'page', status: 'all', limit: 1 })).total).toBe(pagesBefore);
      expect(await stagedKeys(token)).toEqual([]);
    });

    it('stagings never started are swept after a day (not while an import runs), with old local leftovers; the media sweep leaves them alone', async () => {
      const site = Buffer.from(wxr({ ...richSite(), items: richSite().items.filter((i) => i.type === 'page') }));
      const { token } = await stageUpload(one, 'wxr', site, 'later.xml');
      const keys = [`${STAGING_PREFIX}${token}.json`, `${STAGING_PREFIX}${token}.xml`];
      const tmp = path.join(dataDir, 'uploads-tmp');
      mkdirSync(tmp, { recursive: true });
      const old = path.join(tmp, '.upload-left-by-a-stopped-process');
      const young = path.join(tmp, '.upload-in-progress');
      writeFileSync(old, 'x');
      writeFileSync(young, 'x');
      const yesterday = new Date(Date.now() - 25 * 3600_000);
      utimesSync(old, yesterday, yesterday);
      // the library's own sweep: not its files, whatever their age
      const media = await sweepMedia({ store: one.mediaStore, repos: t.repos, olderThanMs: 0, now: new Date(Date.now() + 1000), dryRun: true });
      expect(media.orphans.filter((k) => k.startsWith(STAGING_PREFIX))).toEqual([]);
      const tomorrow = new Date(Date.now() + 25 * 3600_000);
      expect(await sweepStagings({ store: one.mediaStore, dataDir, running: true, now: tomorrow })).toEqual({ keys: [], files: [] });
      expect(await sweepStagings({ store: one.mediaStore, dataDir, running: false })).toEqual({ keys: [], files: [old] });
      expect(await stagedKeys(token)).toEqual(keys);
      const swept = await sweepStagings({ store: one.mediaStore, dataDir, running: false, now: tomorrow });
      expect(swept.keys.filter((k) => k.includes(token)).sort()).toEqual(keys);
      expect(await stagedKeys(token)).toEqual([]);
      expect(existsSync(young)).toBe(false);
      expect(readdirSync(tmp)).toEqual([]);
      await expect(startImport(one, admin(), { wxr: token, media: null, dryRun: true })).rejects.toThrow(/Upload the export file first/);
    });
  });
}
