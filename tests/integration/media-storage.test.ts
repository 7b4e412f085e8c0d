/**
 * Media on several machines (issue 14, part 5), against the built site on each test database:
 * uploads through the admin API land in the configured store (DATA_DIR, or an S3 bucket of a fake
 * S3 server started here: s3rver, speaking the real S3 HTTP protocol to the real AWS SDK client),
 * pages link them (through the site, or straight at MEDIA_PUBLIC_URL), the site serves them with
 * the same headers from either store, deleting removes them, a bad S3 configuration stops the
 * start with a clear message, and an unreachable store refuses an upload without leaving a row.
 * The admin's WordPress import is staged in the store's private area, so another machine (here the
 * same server with a fresh DATA_DIR) runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ConfigError, loadConfig } from '../../src/server/config.server.ts';
import { startSession } from '../../src/server/session.server.ts';
import type { MediaItem } from '../../src/features/media/types.ts';
import { storeUploads } from '../../src/features/contact-form/uploads.server.ts';
import { sweepMedia } from '../../src/features/media/sweep.server.ts';
import { testDatabases } from '../support/db.ts';
import { startTestSite, type TestSite } from '../support/site.ts';
import { checkRanges, patterned } from '../support/ranges.ts';
import { imageBytes, storedZip, wxr } from '../support/wxr.ts';

const BUCKET = 'masthead-media';
const PREFIX = 'site/';

/** A fake S3 server on a free port, its bucket, and a client to look inside it. */
async function fakeS3() {
  const dir = mkdtempSync(path.join(tmpdir(), 'masthead-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    endpoint,
    env: { MEDIA_STORAGE: 's3', S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: PREFIX },
    async keys(prefix = PREFIX): Promise<string[]> {
      const r = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (r.Contents ?? []).map((o) => o.Key!).sort();
    },
    async bytes(key: string): Promise<Buffer> {
      const r = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await r.Body!.transformToByteArray());
    },
    async stop() {
      client.destroy();
      await server.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
type FakeS3 = Awaited<ReturnType<typeof fakeS3>>;

const photo = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();

type Mode = 'local' | 's3' | 's3-public';
const modes: Mode[] = ['local', 's3', 's3-public'];

for (const target of testDatabases()) {
  for (const mode of modes) {
    describe(`media storage: ${mode} (${target.name})`, () => {
      let server: TestSite;
      let base: string;
      let dataDir: string;
      let s3: FakeS3 | null = null;
      let cookie: string;
      let publicUrl = '';

      beforeAll(async () => {
        s3 = mode === 'local' ? null : await fakeS3();
        // a bucket website serving the prefix: here the fake server's own path-style address
        publicUrl = mode === 's3-public' ? `${s3!.endpoint}/${BUCKET}/${PREFIX.slice(0, -1)}` : '';
        server = await startTestSite(target, { ...(s3 ? s3.env : {}), ...(publicUrl ? { MEDIA_PUBLIC_URL: publicUrl } : {}) });
        ({ url: base, dataDir } = server);
        const admin = (await server.runtime.repos.users.byLoginOrEmail('admin'))!;
        const session = await startSession(server.runtime.repos, admin.id, { remember: false, userAgent: 'vitest', ip: '127.0.0.1', secure: false });
        cookie = session.cookie.split(';')[0]!;
      });
      afterAll(async () => {
        await server?.close();
        await s3?.stop();
      });

      const api = (action: string, body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(`${base}/api/admin/${action}`, { method: 'POST', body, headers: { 'x-masthead-admin': '1', origin: base, cookie, ...headers } });
      const upload = async (name: string) => {
        const r = await api('media.upload?alt=A+test+photo', await photo(), { 'content-type': 'image/jpeg', 'x-filename': name });
        return { status: r.status, json: (await r.json()) as { ok: boolean; data: MediaItem; error: { code: string; message: string } } };
      };
      /** Every stored key of the site (whatever the store). */
      const stored = async () => {
        const keys: string[] = [];
        for (const area of ['uploads/', 'originals/']) for await (const { key } of server.runtime.mediaStore.list(area)) keys.push(key);
        return keys.sort();
      };
      const keyOf = (url: string) => `uploads/${url.replace(publicUrl ? `${publicUrl}/uploads/` : '/media/uploads/', '')}`;
      const served = (m: MediaItem) => [m.file, ...m.variants.map((v) => v.file)];
      let item: MediaItem;

      it('an upload through the admin API puts the image and its renditions in the store', async () => {
        const before = await stored();
        const r = await upload('Harbour at dawn.jpg');
        expect(r.status).toBe(200);
        item = r.json.data;
        expect(item.variants.length).toBeGreaterThanOrEqual(5);
        const prefix = publicUrl ? `${publicUrl}/uploads/` : '/media/uploads/';
        for (const f of served(item)) expect(f.startsWith(prefix)).toBe(true);
        const added = (await stored()).filter((k) => !before.includes(k));
        const expected = served(item).map(keyOf);
        expect(added.filter((k) => k.startsWith('uploads/')).sort()).toEqual([...expected].sort());
        expect(added.filter((k) => k.startsWith('originals/'))).toHaveLength(1);
        if (s3) {
          // really in the bucket, below the prefix; nothing on this machine's disk
          const inBucket = await s3.keys();
          for (const k of [...expected, ...added]) expect(inBucket).toContain(PREFIX + k);
          expect(readdirSync(dataDir)).not.toContain('uploads');
          expect(readdirSync(dataDir)).not.toContain('originals');
        } else {
          for (const k of added) expect(readdirSync(path.join(dataDir, path.dirname(k)))).toContain(path.basename(k));
        }
      });

      it('a page showing it links the stored renditions (through the site, or straight at MEDIA_PUBLIC_URL)', async () => {
        const { runtime } = server;
        const admin = { id: (await runtime.repos.users.byLoginOrEmail('admin'))!.id, role: 'administrator' as const };
        const d = await runtime.content.items.create(admin, 'post', { title: 'Stored pictures' });
        await runtime.content.items.publish(admin, 'post', d.id, d.revision, { ...d.fields, featuredMediaId: item.id, blocks: [{ type: 'image', media: item.id }] });
        const page = await fetch(`${base}/stored-pictures/`);
        expect(page.status).toBe(200);
        const html = await page.text();
        const webp = item.variants.find((v) => v.type === 'image/webp')!;
        // the srcset of the modern format, and the fallback <img> of the original's format
        expect(html).toContain(`${webp.file} ${webp.width}w`);
        const fallbacks = served(item).filter((f) => f.endsWith('.jpg'));
        expect(fallbacks.some((f) => html.includes(`src="${f}"`))).toBe(true);
        if (publicUrl) {
          expect(html).not.toContain('/media/uploads/');
          // the bucket website's origin may serve pictures to the page
          expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`img-src [^;]*${new URL(publicUrl).origin.replace(/[.:/]/g, '\\$&')}`));
          // and the address works: the object, from the store itself
          const direct = await fetch(webp.file);
          expect(direct.status).toBe(200);
          expect(direct.headers.get('cache-control')).toBe('public, max-age=86400');
          expect(Buffer.from(await direct.arrayBuffer())).toEqual(await s3!.bytes(PREFIX + keyOf(webp.file)));
        } else {
          expect(webp.file.startsWith('/media/uploads/')).toBe(true);
        }
      });

      it('the site serves a stored file with the cache, nosniff and sandbox headers, and 304 to its ETag', async () => {
        const webp = item.variants.find((v) => v.type === 'image/webp')!;
        const sitePath = `/media/uploads/${keyOf(webp.file).slice('uploads/'.length)}`;
        const r = await fetch(base + sitePath);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/webp');
        expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        const etag = r.headers.get('etag')!;
        expect(etag).toMatch(/^"[^"]+"$/);
        const body = Buffer.from(await r.arrayBuffer());
        expect((await sharp(body).metadata()).format).toBe('webp');
        if (s3) expect(body).toEqual(await s3.bytes(PREFIX + keyOf(webp.file)));
        const again = await fetch(base + sitePath, { headers: { 'if-none-match': etag } });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        const head = await fetch(base + sitePath, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-length')).toBe(String(body.length));
        // originals are never served, whatever the spelling
        const original = (await stored()).find((k) => k.startsWith('originals/'))!;
        expect((await fetch(`${base}/media/${original}`)).status).toBe(404);
        expect((await fetch(`${base}/media/uploads/nothing-here.webp`)).status).toBe(404);
      });

      it('the site answers Range requests on a stored video (206 from the store, 416, the whole file otherwise), with the upload headers', async () => {
        const bytes = patterned(40_000);
        const key = 'uploads/2026/11/seekable-clip-0a1b2c3d.mp4';
        const zipKey = 'uploads/2026/11/bundle-0a1b2c3d.zip';
        try {
          await server.runtime.mediaStore.put(key, bytes, 'video/mp4');
          if (s3) expect(await s3.bytes(PREFIX + key)).toEqual(bytes);
          await checkRanges(base, `/media/uploads/${key.slice('uploads/'.length)}`, bytes, { type: 'video/mp4' });
          // a type that is downloaded keeps its Content-Disposition on a range too
          await server.runtime.mediaStore.put(zipKey, bytes, 'application/zip');
          await checkRanges(base, `/media/uploads/${zipKey.slice('uploads/'.length)}`, bytes, { type: 'application/zip', disposition: 'attachment' });
        } finally {
          // the sweep test below counts every file no row names
          await server.runtime.mediaStore.remove([key, zipKey]);
        }
      });

      it('replacing the file stores the new files and removes the old ones', async () => {
        const first = (await upload('To be replaced.jpg')).json.data;
        const oldKeys = served(first).map(keyOf);
        const before = await stored();
        const r = await api(`media.replace?id=${first.id}`, await sharp({ create: { width: 700, height: 500, channels: 3, background: '#336699' } }).png().toBuffer(), { 'content-type': 'image/png', 'x-filename': 'new.png' });
        expect(r.status).toBe(200);
        const next = ((await r.json()) as { data: MediaItem }).data;
        expect(next.id).toBe(first.id);
        const after = await stored();
        for (const k of oldKeys) expect(after).not.toContain(k);
        for (const k of served(next).map(keyOf)) expect(after).toContain(k);
        // one original out, one in
        expect(after.filter((k) => k.startsWith('originals/'))).toHaveLength(before.filter((k) => k.startsWith('originals/')).length);
        await api('media.delete', JSON.stringify({ id: first.id }), { 'content-type': 'application/json' });
      });

      it('deleting the item removes every one of its files from the store', async () => {
        const r = await upload('Short lived.jpg');
        const m = r.json.data;
        const keys = [...served(m).map(keyOf)];
        expect((await stored()).filter((k) => keys.includes(k))).toHaveLength(keys.length);
        const del = await api('media.delete', JSON.stringify({ id: m.id }), { 'content-type': 'application/json' });
        expect(del.status).toBe(200);
        const left = await stored();
        for (const k of keys) expect(left).not.toContain(k);
        expect(left.filter((k) => k.startsWith('originals/'))).toHaveLength(1); // the first item's only
        expect((await fetch(`${base}/media/uploads/${keys[0]!.slice('uploads/'.length)}`)).status).toBe(404);
        if (s3) for (const k of keys) expect(await s3.keys()).not.toContain(PREFIX + k);
      });

      it('contact-form attachments go to the private area: downloaded by staff only, never served, deleted with their submission', async () => {
        const { runtime } = server;
        const pdf = new File([Buffer.from('%PDF-1.4 attached brief')], 'Brief.pdf', { type: 'application/pdf' });
        const files = await storeUploads(runtime.mediaStore, [{ field: 'attachment', file: pdf }]);
        expect(files[0]!.file).toMatch(/^private\/cf7\/[0-9a-f]{32}\.pdf$/);
        const key = files[0]!.file;
        if (s3) expect(await s3.keys(`${PREFIX}private/`)).toEqual([PREFIX + key]);
        const formId = await runtime.repos.forms.create({ title: 'Brief', locale: 'en', definition: {} });
        const id = await runtime.repos.forms.addSubmission({ formId, containerPostId: null, unitTag: 'wpcf7-f1-o1', fields: {}, files, postedDataHash: 'h', status: 'mail_sent', remoteAddr: '203.0.113.9', userAgent: 'UA' });
        const download = await fetch(`${base}/api/submission-file/${id}/0`, { headers: { cookie } });
        expect(download.status).toBe(200);
        expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Brief.pdf"/);
        expect(await download.text()).toBe('%PDF-1.4 attached brief');
        expect((await fetch(`${base}/api/submission-file/${id}/0`)).status).toBe(401);
        expect((await fetch(`${base}/media/${key}`)).status).toBe(404);
        const del = await api('submissions.delete', JSON.stringify({ id }), { 'content-type': 'application/json' });
        expect(del.status).toBe(200);
        expect(await runtime.mediaStore.get(key)).toBeNull();
      });

      it('the sweep removes files no row names once they are old enough, and keeps every named one', async () => {
        const store = server.runtime.mediaStore;
        const orphans = ['uploads/2020/01/left-behind-960.webp', 'originals/2020/01/left-behind.jpg', 'private/cf7/0123456789abcdef0123456789abcdef.pdf'];
        for (const k of orphans) await store.put(k, Buffer.from('orphan'), 'application/octet-stream');
        const named = await stored();
        // just written: too young to judge (an upload in progress writes its files before its row)
        const young = await sweepMedia({ store, repos: server.runtime.repos, olderThanMs: 3600_000 });
        expect(young.orphans).toEqual([]);
        const dry = await sweepMedia({ store, repos: server.runtime.repos, olderThanMs: 0, now: new Date(Date.now() + 1000), dryRun: true });
        expect(dry.orphans.sort()).toEqual([...orphans].sort());
        expect(await stored()).toEqual(named);
        const swept = await sweepMedia({ store, repos: server.runtime.repos, olderThanMs: 0, now: new Date(Date.now() + 1000) });
        expect(swept.orphans.sort()).toEqual([...orphans].sort());
        for (const k of orphans) expect(await store.get(k)).toBeNull();
        // every file of the library is still there, and served
        for (const f of served(item)) expect(await store.get(keyOf(f))).not.toBeNull();
      });

      if (mode !== 's3-public') {
        it("an admin import is staged in the store and runs on a machine that never saw the upload", async () => {
          const tag = Math.random().toString(36).slice(2, 7);
          const old = `https://old-${tag}.example.org`;
          const exportXml = Buffer.from(
            wxr({
              base: old,
              authors: [{ id: 1, login: 'admin' }],
              items: [
                { id: 10, type: 'attachment', title: 'Quay', slug: `quay-${tag}`, attachmentUrl: `${old}/wp-content/uploads/2024/05/quay-${tag}.jpg`, meta: { _wp_attached_file: `2024/05/quay-${tag}.jpg` } },
                { id: 11, type: 'post', title: `Staged on one machine ${tag}`, slug: `staged-${tag}`, creator: 'admin', content: '<p>Uploaded to one.</p>', meta: { _thumbnail_id: '10' } },
                { id: 12, type: 'post', title: `Run on another ${tag}`, slug: `run-${tag}`, creator: 'admin', content: '<p>Imported by another.</p>' },
              ],
            }),
          );
          const zip = storedZip([{ name: `wp-content/uploads/2024/05/quay-${tag}.jpg`, data: await imageBytes({ r: 30, g: 90, b: 160 }) }]);
          const stage = async (kind: 'wxr' | 'zip', body: Buffer, name: string) => {
            const r = await api(`import.upload?kind=${kind}`, new Uint8Array(body), { 'content-type': kind === 'wxr' ? 'application/xml' : 'application/zip', 'x-filename': name });
            expect(r.status).toBe(200);
            return ((await r.json()) as { data: { token: string } }).data.token;
          };
          const wxrToken = await stage('wxr', exportXml, 'harbour.xml');
          const zipToken = await stage('zip', zip, 'uploads.zip');
          const staged = [`private/imports/${wxrToken}.json`, `private/imports/${wxrToken}.xml`, `private/imports/${zipToken}.json`, `private/imports/${zipToken}.zip`].sort();
          const stagedNow = async () => {
            const keys: string[] = [];
            for await (const { key } of server.runtime.mediaStore.list('private/imports/')) keys.push(key);
            return keys.sort();
          };
          expect(await stagedNow()).toEqual(staged);
          // the machine that took the upload keeps nothing of it
          expect(readdirSync(path.join(dataDir, 'uploads-tmp'))).toEqual([]);
          const machineA = server.runtime.config.dataDir;
          let machineB: string | null = null;
          if (s3) {
            expect(await s3.bytes(`${PREFIX}private/imports/${wxrToken}.xml`)).toEqual(exportXml);
            expect(readdirSync(dataDir)).not.toContain('private');
            // another machine: its own, empty DATA_DIR (the local temporary area of the first is gone)
            rmSync(path.join(dataDir, 'uploads-tmp'), { recursive: true, force: true });
            machineB = mkdtempSync(path.join(tmpdir(), 'masthead-machine-b-'));
            server.runtime.config.dataDir = machineB;
          } else {
            expect(readFileSync(path.join(dataDir, 'private', 'imports', `${wxrToken}.xml`))).toEqual(exportXml);
          }
          try {
            const start = await api('import.start', JSON.stringify({ wxr: wxrToken, media: zipToken }), { 'content-type': 'application/json' });
            expect(start.status).toBe(200);
            type Job = { state: string; error: string | null; report: { counts: Record<string, { created: number; failed: number }> } | null };
            let job: Job | null = null;
            for (let i = 0; i < 250; i++) {
              job = ((await (await api('import.status', '{}', { 'content-type': 'application/json' })).json()) as { data: Job | null }).data;
              if (job?.state !== 'running') break;
              await new Promise((r) => setTimeout(r, 40));
            }
            expect(job).toMatchObject({ state: 'done', error: null });
            expect(job!.report!.counts.posts).toMatchObject({ created: 2, failed: 0 });
            expect(job!.report!.counts.media).toMatchObject({ created: 1, failed: 0 });
            // used up: nothing left in the store, nor in the running machine's temporary area
            expect(await stagedNow()).toEqual([]);
            if (machineB) expect(readdirSync(path.join(machineB, 'uploads-tmp'))).toEqual([]);
          } finally {
            server.runtime.config.dataDir = machineA;
            if (machineB) rmSync(machineB, { recursive: true, force: true });
          }
          const page = await fetch(`${base}/staged-${tag}/`);
          expect(page.status).toBe(200);
          const html = await page.text();
          expect(html).toContain(`Staged on one machine ${tag}`);
          // its featured image came from the zip into the store
          expect(html).toMatch(new RegExp(`quay-${tag}-[0-9a-f]{8}-\\d+\\.(webp|jpg)`));
          expect((await fetch(`${base}/run-${tag}/`)).status).toBe(200);
        });
      }

      if (mode === 's3') {
        it('with the store unreachable an upload answers a clear error and leaves no row, and the site answers 503 for its files', async () => {
          const before = await server.runtime.repos.media.list({ limit: 1 });
          await s3!.stop();
          const r = await upload('Nowhere to go.jpg');
          expect(r.status).toBe(503);
          expect(r.json.error.code).toBe('unavailable');
          expect(r.json.error.message).toMatch(/media storage cannot be reached.*nothing was saved/i);
          expect((await server.runtime.repos.media.list({ limit: 1 })).total).toBe(before.total);
          const f = await fetch(base + `/media/uploads/${keyOf(item.file).slice('uploads/'.length)}`);
          expect(f.status).toBe(503);
          // nor is an import's upload kept anywhere: the owner is told, nothing is imported
          const staged = await api('import.upload?kind=wxr', wxr({ items: [{ id: 1, type: 'post', title: 'Nowhere' }] }), { 'content-type': 'application/xml', 'x-filename': 'nowhere.xml' });
          expect(staged.status).toBe(503);
          const err = ((await staged.json()) as { error: { code: string; message: string } }).error;
          expect(err.code).toBe('unavailable');
          expect(err.message).toMatch(/media storage cannot be reached, so the file was not kept and nothing was imported/);
          expect(readdirSync(path.join(dataDir, 'uploads-tmp'))).toEqual([]);
        });
      }
    });
  }
}

describe('media storage configuration', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'masthead-media-cfg-')), LOG_LEVEL: 'silent' };
  afterAll(() => rmSync(base.DATA_DIR, { recursive: true, force: true }));
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('names what is missing or wrong before anything starts', () => {
    expect(refusal({ MEDIA_STORAGE: 's3' })).toMatch(/S3_BUCKET: required with MEDIA_STORAGE=s3[\s\S]*S3_REGION: required/);
    expect(refusal({ MEDIA_STORAGE: 'ftp' })).toMatch(/MEDIA_STORAGE: MEDIA_STORAGE must be local or s3/);
    expect(refusal({ S3_BUCKET: 'media-bucket' })).toMatch(/S3_BUCKET set but MEDIA_STORAGE is local/);
    expect(refusal({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media-bucket', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k' })).toMatch(/set both, or neither/);
    expect(refusal({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media-bucket', S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT must be an http/);
    expect(refusal({ MEDIA_PUBLIC_URL: 'cdn.example.com/media' })).toMatch(/MEDIA_PUBLIC_URL must be an http/);
    expect(refusal({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media-bucket', S3_REGION: 'eu-west-1', S3_PREFIX: '/abs' })).toMatch(/S3_PREFIX must be a folder/);
    const ok = loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'media-bucket', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_PREFIX: 'a/b', MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' });
    expect(ok.media).toMatchObject({ storage: 's3', publicUrl: 'https://cdn.example.com/media', s3: { bucket: 'media-bucket', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', prefix: 'a/b/', forcePathStyle: false } });
  });

  it('a bucket that does not exist stops the server at start with what to fix', async () => {
    const s3 = await fakeS3();
    try {
      const child = spawn(process.execPath, ['src/server/http/main.server.ts'], {
        env: { ...process.env, ...base, ...s3.env, S3_BUCKET: 'no-such-bucket', PORT: '0', HOST: '127.0.0.1', MASTHEAD_ADMIN_PASSWORD: 'media-test-pass', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const code = await new Promise<number | null>((r) => child.on('exit', r));
      expect(code).toBe(1);
      expect(out).toMatch(/Media storage \(MEDIA_STORAGE=s3\) is not usable: Object storage \(bucket \\?"no-such-bucket\\?" at http:\/\/127\.0\.0\.1:\d+\) could not be reached: no such bucket/);
      expect(out).not.toContain('Masthead is listening');
    } finally {
      await s3.stop();
    }
  }, 20_000);
});
