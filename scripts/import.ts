/**
 * `npm run import -- <export.xml> [--media <dir>] [--dry-run] [--author-map a=b,…]`: imports a
 * WordPress export (WXR) into the configured site (DATA_DIR / DATABASE_URL, as `npm start`; a new
 * database is created and migrated). Shows a progress bar on a terminal (a plain line per 1,000
 * items otherwise) and ends with the summary table. Exit code: 0 when nothing failed, 1 when
 * something did, 2 for bad input (nothing changed).
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../src/server/config.server.ts';
import { openDatabase } from '../src/server/db/connect.server.ts';
import { createRepositories } from '../src/server/db/repositories/index.server.ts';
import { CONTENT_VERSION, openMediaStore } from '../src/server/runtime.server.ts';
import { importWxr, ImportInputError, type ImportProgress } from '../src/server/wxr/import.server.ts';
import { formatReport } from '../src/features/wxr/report.ts';

const usage = 'Usage: npm run import -- <export.xml> [--media <uploads folder>] [--dry-run] [--author-map wplogin=login,…]';

let args;
try {
  args = parseArgs({ allowPositionals: true, options: { media: { type: 'string' }, 'dry-run': { type: 'boolean' }, 'author-map': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.values.help || args.positionals.length !== 1) {
  console.error(usage);
  process.exit(args.values.help ? 0 : 2);
}

const authorMap: Record<string, string> = {};
for (const pair of (args.values['author-map'] ?? '').split(',').filter(Boolean)) {
  const [from, to] = pair.split('=').map((s) => s.trim());
  if (!from || !to) {
    console.error(`--author-map: “${pair}” is not wplogin=login.\n${usage}`);
    process.exit(2);
  }
  authorMap[from] = to;
}

const config = loadConfig();
// Media files go where the site keeps them (DATA_DIR, or the S3 bucket of MEDIA_STORAGE=s3).
const mediaStore = await openMediaStore(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const repos = createRepositories(db.kysely);

const tty = process.stdout.isTTY;
const bar = new cliProgress.SingleBar({ format: '{phase} |{bar}| {percentage}% | {value}/{total} {unit} | {eta_formatted} left', hideCursor: true, etaBuffer: 200 }, cliProgress.Presets.shades_classic);
let phase: ImportProgress['phase'] | null = null;
let lastLine = 0;
const onProgress = (p: ImportProgress) => {
  const [value, total, unit] = p.phase === 'scan' ? [Math.round(p.bytes / 1024), Math.max(1, Math.round(p.totalBytes / 1024)), 'KB read'] : [p.done, Math.max(1, p.total), 'items'];
  if (tty) {
    if (phase !== p.phase) {
      if (phase) bar.stop();
      bar.start(total, value, { phase: p.phase === 'scan' ? 'Reading  ' : 'Importing', unit });
    } else bar.update(value);
  } else if (p.phase === 'import' && (p.done - lastLine >= 1000 || (p.done === p.total && p.done !== lastLine))) {
    lastLine = p.done;
    console.log(`Imported ${p.done} of ${p.total} items`);
  } else if (p.phase === 'scan' && phase !== 'scan') console.log('Reading the export…');
  phase = p.phase;
};

let code = 0;
const started = performance.now();
try {
  const report = await importWxr({
    repos,
    dataDir: config.dataDir,
    mediaStore,
    file: args.positionals[0]!,
    mediaDir: args.values.media ?? null,
    dryRun: !!args.values['dry-run'],
    authorMap,
    contentChanged: async () => {
      await repos.counters.increment(CONTENT_VERSION);
    },
    onProgress,
  });
  if (tty && phase) bar.stop();
  console.log(`\n${report.site} (WXR ${report.wxrVersion})\n`);
  console.log(formatReport(report));
  const seconds = (performance.now() - started) / 1000;
  const items = Object.values(report.counts).reduce((n, c) => n + c.created + c.updated + c.skipped + c.failed, 0) - report.counts.comments.skipped - report.counts.redirects.created - report.counts.redirects.updated - report.counts.redirects.skipped;
  console.log(`${items} items in ${seconds.toFixed(1)} s (${(items / seconds).toFixed(0)} items/s); peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB.`);
  code = report.ok ? 0 : 1;
} catch (err) {
  if (tty && phase) bar.stop();
  console.error(err instanceof ImportInputError ? err.message : `The import stopped: ${(err as Error).message}`);
  code = err instanceof ImportInputError ? 2 : 1;
} finally {
  await db.close();
  mediaStore.close();
}
process.exit(code);
