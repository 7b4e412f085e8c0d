/**
 * `npm test`: the whole suite.
 *   1. build the site (when sources changed)
 *   2. Vitest: unit and integration tests, repositories on SQLite and, when PostgreSQL's server
 *      is installed, on a throw-away PostgreSQL cluster started here. PostgreSQL installed but not
 *      startable fails the run; so does a run in which no PostgreSQL test ran.
 *   3. Playwright in Debian's Chromium against the built server (no retries: a test that fails
 *      once fails the run)
 * Prints how many database tests ran on each database, and one closing line "N passed, N failed".
 */
import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, findPgBin, root, run, startTempPostgres, type TempPostgres } from './lib.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
buildIfNeeded();

let pg: TempPostgres | null = null;
if (!process.env.TEST_DATABASE_URL && findPgBin()) {
  try {
    pg = await startTempPostgres();
  } catch (err) {
    console.error(`PostgreSQL is installed but the test cluster could not start, so half of the database tests cannot run:\n  ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
const pgUrl = process.env.TEST_DATABASE_URL ?? pg?.url;
if (!pgUrl) console.warn('PostgreSQL is not installed: database tests run on SQLite only (apt-get install postgresql to include it).');

const vitestJson = path.join(tmp, 'vitest.json');
let unit = 1;
try {
  unit = await run(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`], pgUrl ? { TEST_DATABASE_URL: pgUrl } : {});
} finally {
  pg?.stop();
}
const e2e = await run(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(tmp, 'playwright.json') });

let passed = 0;
let failed = 0;
let onPostgres = 0;
let onSqlite = 0;
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { assertionResults: { ancestorTitles: string[]; status: string }[] }[];
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const file of r.testResults) {
    for (const a of file.assertionResults) {
      if (a.status !== 'passed' && a.status !== 'failed') continue;
      const where = a.ancestorTitles.join(' ');
      if (/\bpostgres\b/i.test(where)) onPostgres++;
      else if (/\bsqlite\b/i.test(where)) onSqlite++;
    }
  }
}
console.log(`\nDatabase tests: ${onSqlite} on SQLite, ${onPostgres} on PostgreSQL`);
let pgMissing = false;
if (pgUrl && onPostgres === 0) {
  console.error('PostgreSQL was started but no PostgreSQL test ran.');
  pgMissing = true;
}
const pj = path.join(tmp, 'playwright.json');
if (existsSync(pj)) {
  const r = JSON.parse(readFileSync(pj, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  passed += r.stats.expected;
  failed += r.stats.unexpected + r.stats.flaky;
}
if ((unit !== 0 || e2e !== 0 || pgMissing) && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(unit === 0 && e2e === 0 && !pgMissing ? 0 : 1);
