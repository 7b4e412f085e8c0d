/**
 * `npm run media:sweep -- [--dry-run] [--older-than-hours N]`: removes the files of the media
 * store (DATA_DIR, or the bucket of MEDIA_STORAGE=s3, as `npm start`) that no media row or
 * contact-form submission names and that are older than N hours (default 24), and the admin's
 * staged WordPress imports never started (a day old, whatever N; none while an import runs) with
 * this machine's temporary leftovers of the same age (DATA_DIR/uploads-tmp). Prints what it
 * removed (or would remove). Exit code 0 on success.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.server.ts';
import { openDatabase } from '../src/server/db/connect.server.ts';
import { createRepositories } from '../src/server/db/repositories/index.server.ts';
import { openMediaStore } from '../src/server/runtime.server.ts';
import { sweepMedia } from '../src/features/media/sweep.server.ts';
import { sweepStagings } from '../src/server/wxr/staging.server.ts';
import { importRunning } from '../src/server/wxr/jobs.server.ts';

const usage = 'Usage: npm run media:sweep -- [--dry-run] [--older-than-hours N]';
let args;
try {
  args = parseArgs({ options: { 'dry-run': { type: 'boolean' }, 'older-than-hours': { type: 'string' } } });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const hours = Number(args.values['older-than-hours'] ?? '24');
if (!Number.isFinite(hours) || hours < 0) {
  console.error(`--older-than-hours: a number of hours, 0 or more.\n${usage}`);
  process.exit(2);
}
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const store = await openMediaStore(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
let code = 0;
try {
  const dryRun = !!args.values['dry-run'];
  const repos = createRepositories(db.kysely);
  const r = await sweepMedia({ store, repos, olderThanMs: hours * 3600_000, dryRun });
  for (const k of r.orphans) console.log(`${dryRun ? 'would remove' : 'removed'} ${k}`);
  console.log(`${r.orphans.length} file(s) named by nothing ${dryRun ? 'found' : 'removed'}; ${r.kept} kept (${store.kind} store).`);
  const running = await importRunning({ repos });
  const s = await sweepStagings({ store, dataDir: config.dataDir, running, dryRun });
  for (const k of [...s.keys, ...s.files]) console.log(`${dryRun ? 'would remove' : 'removed'} ${k}`);
  console.log(running ? 'Staged imports kept: an import is running.' : `${s.keys.length} staged import file(s) and ${s.files.length} temporary file(s) older than a day ${dryRun ? 'found' : 'removed'}.`);
} catch (err) {
  console.error(`The sweep failed: ${(err as Error).message}`);
  code = 1;
} finally {
  await db.close();
  store.close();
}
process.exit(code);
