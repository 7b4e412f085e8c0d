/**
 * `npm run export -- <out.xml>`: writes the whole site (DATA_DIR / DATABASE_URL, as `npm start`)
 * as a WordPress export (WXR 1.2) that WordPress's importer accepts. Exit code 0 on success.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { loadConfig } from '../src/server/config.server.ts';
import { openDatabase } from '../src/server/db/connect.server.ts';
import { createRepositories } from '../src/server/db/repositories/index.server.ts';
import { exportWxr } from '../src/server/wxr/export.server.ts';
import { settingsKeys } from '../src/features/site/settings.ts';

const out = process.argv[2];
if (!out || process.argv.length > 3) {
  console.error('Usage: npm run export -- <out.xml>');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const repos = createRepositories(db.kysely);
// Written next to the target and renamed at the end: a failed export never leaves half a file.
const partial = `${out}.partial`;
let code = 0;
try {
  const site = await repos.settings.get('site', settingsKeys.site);
  const stream = createWriteStream(partial);
  const { items } = await exportWxr({ repos, siteUrl: config.publicUrl, siteTitle: site.title, out: stream });
  stream.end();
  await finished(stream);
  await rename(partial, out);
  console.log(`Wrote ${items} items to ${out} (WXR 1.2).`);
} catch (err) {
  await rm(partial, { force: true });
  console.error(`The export failed: ${(err as Error).message}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
