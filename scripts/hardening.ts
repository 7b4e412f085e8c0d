/**
 * `npm run test:hardening`: the full fuzz, load and fault runs of issue 13 (`npm test` runs the
 * same files in a bounded form: 300 fuzz cases per endpoint, 1,000 load requests).
 *   - fuzz: 10,000 property-based cases per public endpoint (tests/integration/fuzz.test.ts)
 *   - load: 10,000 mixed requests at 50 connections, no error, bounded memory (same file)
 *   - faults and attacks: the outbox with SMTP down, slow and a killed sender; `kill -9` of the
 *     server during a burst of form sends (tests/integration/faults.test.ts); path spellings,
 *     chunked bodies, forged forwarding headers, cache flooding, open redirects, login races
 *     (outbox, hardening-http, ratelimit, accounts), on SQLite and a throw-away PostgreSQL.
 */
import path from 'node:path';
import { buildIfNeeded, findPgBin, root, run, startTempPostgres, type TempPostgres } from './lib.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
buildIfNeeded();
let pg: TempPostgres | null = null;
if (!process.env.TEST_DATABASE_URL && findPgBin()) pg = await startTempPostgres();
const pgUrl = process.env.TEST_DATABASE_URL ?? pg?.url;
let code = 1;
try {
  code = await run(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      'tests/integration/fuzz.test.ts',
      'tests/integration/hardening-http.test.ts',
      'tests/integration/outbox.test.ts',
      'tests/integration/faults.test.ts',
      'tests/integration/ratelimit.test.ts',
      'tests/integration/accounts.test.ts',
      '--testTimeout=3600000',
      '--hookTimeout=120000',
    ],
    { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10000', LOAD_REQUESTS: process.env.LOAD_REQUESTS ?? '10000', FAULT_BURST: process.env.FAULT_BURST ?? '60', ...(pgUrl ? { TEST_DATABASE_URL: pgUrl } : {}) },
  );
} finally {
  pg?.stop();
}
process.exit(code);
