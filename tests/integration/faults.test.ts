/**
 * Faults (issue 13): the server process is killed (SIGKILL) in the middle of a burst of
 * contact-form sends to a slow SMTP server. After a restart on the same data, every message a
 * client was told was sent is stored and is delivered, each under one Message-ID (a receiver
 * drops a repeat of the same Message-ID, the one case the database cannot rule out: a kill
 * between the SMTP server's acceptance and the record of it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { signStamp } from '../../src/features/contact-form/security.server.ts';
import { openDatabase } from '../../src/server/db/connect.server.ts';
import { createRepositories } from '../../src/server/db/repositories/index.server.ts';
import { testDatabases } from '../support/db.ts';
import { freshSiteData } from '../support/site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'faults-test-secret-faults-test-secret-0123';
const BURST = Number(process.env.FAULT_BURST ?? 24);
const removals: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(removals.map((remove) => remove())));

class SlowSmtp {
  messages: { messageId: string; raw: string }[] = [];
  port = 0;
  /** how long the server takes to accept the k-th message it receives */
  delay: (k: number) => number = () => 0;
  private received = 0;
  private server: SMTPServer | null = null;
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _s, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        const k = this.received++;
        stream.on('end', () =>
          setTimeout(() => {
            const raw = Buffer.concat(chunks).toString('utf8');
            this.messages.push({ messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '', raw });
            cb();
          }, this.delay(k)),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'src/server/http/main.server.ts')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', MASTHEAD_SECRET: SECRET, MASTHEAD_RATE_LIMIT: '1200000', MASTHEAD_ADMIN_PASSWORD: 'faults-admin-pass', ...env },
    stdio: 'ignore',
  });
}

async function healthy(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

const waitFor = async (cond: () => boolean, ms: number) => {
  for (let t = 0; t < ms && !cond(); t += 100) await new Promise((r) => setTimeout(r, 100));
};

for (const target of testDatabases()) describe(`faults (${target.name})`, () => {
  it('kill -9 during a burst of form sends: after a restart every accepted message is stored and delivered once per Message-ID', async () => {
    const data = await freshSiteData(target);
    removals.push(data.remove);
    const smtp = new SlowSmtp();
    await smtp.start();
    // slower and slower, so that answers trickle in and the kill finds sends in flight
    smtp.delay = (k) => 150 * (k + 1);
    const port = 4490 + Math.floor(Math.random() * 9);
    const env = { PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: `http://127.0.0.1:${port}`, ...data.env };
    let child = startServer(env);
    await healthy(port);

    const send = async (n: number) => {
      const fd = new FormData();
      const fields: Record<string, string> = {
        _wpcf7: '1',
        _wpcf7_version: '6.0.6',
        _wpcf7_locale: 'en_US',
        _wpcf7_unit_tag: 'wpcf7-f1-p7-o1',
        _wpcf7_container_post: '7',
        _wpcf7_posted_data_hash: '',
        _wpcf7_ts: signStamp(SECRET, Date.now() - 10_000),
        _wpcf7_hp: '',
        'your-name': 'Fault Test',
        'your-email': 'fault@example.com',
        'your-subject': `burst ${n}`,
        'your-message': `burst-token-${n}-end`,
        consent: '1',
      };
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/wp-json/contact-form-7/v1/contact-forms/1/feedback`, {
          method: 'POST',
          body: fd,
          headers: { origin: `http://127.0.0.1:${port}`, 'user-agent': 'Mozilla/5.0 fault-test' },
        });
        const body = (await r.json()) as { status?: string };
        return { n, status: body.status ?? `http ${r.status}` };
      } catch {
        return { n, status: 'cut off' };
      }
    };

    const answers: { n: number; status: string }[] = [];
    const burst = Array.from({ length: BURST }, (_, n) => send(n).then((a) => answers.push(a)));
    // kill the process once a few sends have been answered and others are in flight
    await waitFor(() => answers.length >= Math.floor(BURST / 4), 30_000);
    const killed = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await killed;
    await Promise.all(burst);
    smtp.delay = () => 20;

    const told = answers.filter((a) => a.status === 'mail_sent' || a.status === 'mail_failed').map((a) => a.n);
    expect(told.length).toBeGreaterThan(0);
    expect(answers.some((a) => a.status === 'cut off')).toBe(true); // the kill hit the burst

    // restart on the same data: claims of the killed process go back to the queue
    child = startServer(env);
    await healthy(port);
    const tokenOf = (raw: string) => /burst-token-(\d+)-end/.exec(raw)?.[1];
    await waitFor(() => told.every((n) => smtp.messages.some((m) => tokenOf(m.raw) === String(n))), 60_000);
    const stopped = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await stopped;
    await smtp.stop();

    const db = await openDatabase({ dataDir: data.dataDir, ...(data.databaseUrl ? { databaseUrl: data.databaseUrl } : {}) });
    try {
      const repos = createRepositories(db.kysely);
      const stored = (await repos.forms.submissions(1)).map((s) => String(s.fields['your-message'] ?? ''));
      const queued = await repos.outbox.list(1000);
      for (const n of told) {
        // stored …
        expect(stored).toContain(`burst-token-${n}-end`);
        // … delivered, every copy under one Message-ID, the one the outbox holds for it
        const copies = smtp.messages.filter((m) => tokenOf(m.raw) === String(n));
        expect(copies.length).toBeGreaterThanOrEqual(1);
        expect(new Set(copies.map((c) => c.messageId)).size).toBe(1);
        const row = queued.find((q) => q.text_body.includes(`burst-token-${n}-end`));
        expect(row).toMatchObject({ status: 'sent', message_id: copies[0]!.messageId });
      }
      // nothing stored twice, and no submission left unsettled
      expect(new Set(stored).size).toBe(stored.length);
      expect(await repos.forms.unsettledSubmissions()).toEqual([]);
      // every message that reached the SMTP server is one outbox row's, under that row's own
      // Message-ID (a row whose sender was killed before the server's answer is still "sending"
      // and goes out again, under the same id, when its lease ends)
      const ids = new Set(smtp.messages.map((m) => m.messageId));
      const rowIds = queued.map((q) => q.message_id);
      expect(new Set(rowIds).size).toBe(rowIds.length);
      for (const id of ids) expect(rowIds).toContain(id);
      for (const q of queued.filter((r) => r.status === 'sent')) expect(ids).toContain(q.message_id);
    } finally {
      await db.close();
    }
  }, 180_000);
});
