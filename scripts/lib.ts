/** Helpers shared by the project's scripts (start, test, bench). Run with Node 24 through npm. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync, mkdtempSync, rmSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';

export const root = path.resolve(import.meta.dirname, '..');

/** Newest modification time of the files under the given paths (recursively). */
function newest(paths: string[]): number {
  let max = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && !e.startsWith('.')) walk(path.join(p, e));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach(walk);
  return max;
}

/** Builds the site when dist/ is missing or older than its sources. */
export function buildIfNeeded(force = false): void {
  const stamp = path.join(root, 'dist', 'server', 'entry.mjs');
  const sources = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'].map((p) => path.join(root, p));
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= newest(sources)) return;
  console.log('Building the site…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) throw new Error('The build failed.');
}

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Finds PostgreSQL's server binaries (Debian puts them under /usr/lib/postgresql/N/bin). */
export function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export interface TempPostgres {
  url: string;
  /** a fast restart (connections are cut, as when the database server is restarted); waits until it accepts again */
  restart(): void;
  stop(): void;
}

/**
 * Starts a throw-away PostgreSQL cluster on loopback for the test suite, in a fresh directory
 * under the system's temporary folder (which every user can enter, wherever the clone lies). As
 * root, the cluster runs as the `postgres` system user (initdb refuses root). Throws with the
 * server's own words when it cannot start: a suite that silently skipped PostgreSQL would pass
 * without testing half of what it claims.
 *
 * The port: the one given, else TEST_PG_PORT, else one the system says is free. A fixed port lies
 * in the range the system hands out to outgoing connections, so a test's client could hold it
 * just then (seen once: "Address already in use" while the suite's many connections ran).
 */
export async function startTempPostgres(port?: number): Promise<TempPostgres> {
  port ??= process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : await freePort();
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const dir = mkdtempSync(path.join(tmpdir(), `masthead-pg-${port}-`));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (uid.status !== 0) throw new Error('running as root, but there is no `postgres` system user to run the cluster as');
    chownSync(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
  }
  const runPg = (cmd: string, args: string[]) =>
    spawnSync(asRoot ? 'runuser' : path.join(bin, cmd), asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args, { encoding: 'utf8' });
  const data = path.join(dir, 'data');
  const init = runPg('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) throw new Error(`initdb failed in ${dir}: ${init.stderr || init.stdout}`);
  const start = runPg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start']);
  if (start.status !== 0) throw new Error(`PostgreSQL did not start on port ${port}: ${start.stderr || start.stdout}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => {
      const r = runPg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-m', 'fast', 'restart']);
      if (r.status !== 0) throw new Error(`PostgreSQL did not restart on port ${port}: ${r.stderr || r.stdout}`);
    },
    stop: () => {
      runPg('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function killTree(child: ChildProcess | undefined) {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

/** A TCP port on loopback that nothing listens on now (the system picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
