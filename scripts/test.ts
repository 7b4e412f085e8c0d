/**
 * `npm test`: the whole suite.
 *   1. build the site (when sources changed)
 *   2. Vitest: unit and integration tests, repositories on SQLite and, when PostgreSQL's server
 *      is installed, on a throw-away PostgreSQL cluster started here
 *   3. Playwright in Debian's Chromium against the built server
 * Prints one closing line: "N passed, N failed".
 */
import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, root, run, startTempPostgres } from './lib.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
buildIfNeeded();

const pg = process.env.TEST_DATABASE_URL ? null : await startTempPostgres();
const pgUrl = process.env.TEST_DATABASE_URL ?? pg?.url;
if (!pgUrl) console.warn('PostgreSQL is not installed: repository tests run on SQLite only (apt-get install postgresql to include it).');

let unit = 1;
let e2e = 1;
try {
  unit = await run(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.join(tmp, 'vitest.json')}`], pgUrl ? { TEST_DATABASE_URL: pgUrl } : {});
} finally {
  pg?.stop();
}
e2e = await run(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(tmp, 'playwright.json') });

let passed = 0;
let failed = 0;
const vj = path.join(tmp, 'vitest.json');
if (existsSync(vj)) {
  const r = JSON.parse(readFileSync(vj, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
}
const pj = path.join(tmp, 'playwright.json');
if (existsSync(pj)) {
  const r = JSON.parse(readFileSync(pj, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
}
if (unit !== 0 && failed === 0) failed = 1;
if (e2e !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(unit === 0 && e2e === 0 ? 0 : 1);
