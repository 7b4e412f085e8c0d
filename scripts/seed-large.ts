/**
 * `npm run seed:large -- --posts N [--seed S] [--force]`: fills the configured database (DATA_DIR or
 * DATABASE_URL, as `npm start`) with a realistic large site: the demo content first when the
 * database is new (as `npm start` would install it), then N generated posts and a few pages
 * (src/server/db/seed-large.server.ts). Refuses a database holding content other than the demo's
 * unless --force. Exit code 0 on success, 1 on failure, 2 for bad input or a refusal.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.server.ts';
import { createLogger } from '../src/server/log.server.ts';
import { createRuntime } from '../src/server/runtime.server.ts';
import { installDemo } from '../src/server/db/seed.server.ts';
import { seedLarge, SeedRefusedError } from '../src/server/db/seed-large.server.ts';

const usage = 'Usage: npm run seed:large -- --posts N [--seed S] [--force]';
let args;
try {
  args = parseArgs({ options: { posts: { type: 'string' }, seed: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const posts = Number(args.values.posts ?? 100_000);
const seed = Number(args.values.seed ?? 1);
if (args.values.help || !Number.isInteger(posts) || posts < 1 || !Number.isInteger(seed)) {
  console.error(usage);
  process.exit(args.values.help ? 0 : 2);
}

const config = loadConfig();
const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
const runtime = await createRuntime(config, log, { installDemo: (repos, adminId) => installDemo(repos, { adminId }) });
let code = 0;
try {
  const tty = process.stdout.isTTY;
  let shown = 0;
  const report = await seedLarge(runtime.db.kysely, runtime.db.dialect, runtime.repos, {
    posts,
    seed,
    force: !!args.values.force,
    onProgress: (done, total) => {
      if (tty) process.stdout.write(`\rWriting posts: ${done}/${total}`);
      else if (done - shown >= 20_000 || done === total) {
        shown = done;
        console.log(`Wrote ${done} of ${total} posts`);
      }
    },
  });
  if (tty) process.stdout.write('\n');
  await runtime.contentChanged();
  console.log(
    `${report.posts} posts and ${report.pages} pages by ${report.authors} authors, ${report.categories} categories, ${report.tags} tags, ${report.relationships} term links, ${report.likes} likes in ${(report.ms / 1000).toFixed(1)} s (${runtime.db.dialect})`,
  );
} catch (err) {
  console.error(err instanceof SeedRefusedError ? err.message : err);
  code = err instanceof SeedRefusedError ? 2 : 1;
} finally {
  await runtime.close();
}
process.exit(code);
