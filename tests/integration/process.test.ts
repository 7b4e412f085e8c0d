/**
 * The server as a process, the way `npm start` runs it: first start installs the demo and prints
 * the generated admin password once; SIGTERM stops it cleanly; a second start on the same
 * DATA_DIR keeps everything; MASTHEAD_DEMO=0 starts an empty site; a bad environment is refused
 * with a clear message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function start(env: Record<string, string | undefined>): { child: ChildProcess; output: () => string; stdout: () => string; exited: Promise<number | null> } {
  let out = '';
  let stdout = '';
  const child = spawn(process.execPath, [path.join(root, 'src/server/http/main.server.ts')], { cwd: root, env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', SMTP_URL: '', ...env } });
  child.stdout?.on('data', (d: Buffer) => ((out += d.toString()), (stdout += d.toString())));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, stdout: () => stdout, exited };
}

async function waitHealthy(port: number): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

describe('server process', () => {
  it('starts, stops on SIGTERM and keeps its data on the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-proc-'));
    dirs.push(dataDir);
    const port = 4470 + Math.floor(Math.random() * 20);
    const first = start({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: undefined });
    await waitHealthy(port);
    expect(first.output()).toMatch(/user: admin\s+password: \S{12,}/);
    // on stderr only: the JSON log on stdout (shipped to log storage) never carries it
    expect(first.stdout()).not.toContain('password');
    // serving defaults to production builds (React's development build costs a third of a render)
    expect(first.output()).toContain('"nodeEnv":"production"');
    const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(home).toContain('Welcome to the new edition');
    // a like is data that must survive the restart
    const nonceRes = await fetch(`http://127.0.0.1:${port}/api/nonce?visitor=1`);
    const cookie = nonceRes.headers.get('set-cookie')!.split(';')[0]!;
    const { nonce } = (await nonceRes.json()) as { nonce: string };
    const postId = /data-postid="(\d+)"/.exec(await (await fetch(`http://127.0.0.1:${port}/first-light/`)).text())![1]!;
    const like = await fetch(`http://127.0.0.1:${port}/api/theme`, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${port}`, cookie },
      body: new URLSearchParams({ action: 'masthead-post-like', nonce, post_id: postId }),
    });
    const liked = (await like.json()) as { data: { count: number } };
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port);
    expect(second.output()).not.toContain('password:');
    const res = await fetch(`http://127.0.0.1:${port}/first-light/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`data-post_id="${postId}"`);
    // the like is still counted
    const again = await fetch(`http://127.0.0.1:${port}/api/theme`, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${port}`, cookie },
      body: new URLSearchParams({ action: 'masthead-post-like', nonce, post_id: postId }),
    });
    expect(((await again.json()) as { data: { count: number; liked: boolean } }).data).toMatchObject({ liked: false, count: liked.data.count - 1 });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('starts an empty site with MASTHEAD_DEMO=0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-empty-'));
    dirs.push(dataDir);
    const port = 4490 + Math.floor(Math.random() * 9);
    const p = start({ PORT: String(port), DATA_DIR: dataDir, MASTHEAD_DEMO: '0', MASTHEAD_ADMIN_PASSWORD: 'chosen-password' });
    await waitHealthy(port);
    expect(p.output()).not.toContain('password:');
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('Welcome to the new edition');
    expect((await fetch(`http://127.0.0.1:${port}/welcome-to-the-new-edition/`)).status).toBe(404);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('refuses a bad environment with a clear message', async () => {
    const p = start({ PORT: 'not-a-port', DATA_DIR: path.join(tmpdir(), 'masthead-never') });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Invalid environment');
    expect(p.output()).toContain('PORT');
  });
});
