/**
 * House rules that a type checker does not see (DESIGN.md, "Rules of the house"):
 *  1. Browser-reachable modules never import a `.server.ts` module (type-only imports are erased
 *     and allowed). Server-side places: src/server/**, src/pages/**, src/middleware.ts, *.server.ts,
 *     .astro files (rendered on the server; their <script> blocks are checked as browser code).
 *  2. Outside src/server/db, no module builds SQL (Kysely query builders or `sql` templates).
 * Exits non-zero with one line per violation. `npm run lint`; also run by the test suite.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Violation {
  file: string;
  line: number;
  rule: string;
}

const root = path.resolve(import.meta.dirname, '..');

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|astro)$/.test(e) && !/\.test\.tsx?$/.test(e)) out.push(p);
  }
  return out;
}

const serverSide = (rel: string) =>
  rel.startsWith('src/server/') || rel.startsWith('src/pages/') || rel === 'src/middleware.ts' || rel.endsWith('.server.ts') || rel === 'src/env.d.ts';

export function lint(): Violation[] {
  const out: Violation[] = [];
  for (const file of walk(path.join(root, 'src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    // For .astro files only the <script> blocks run in the browser.
    const browserRanges: [number, number][] = [];
    if (rel.endsWith('.astro')) {
      let start = -1;
      lines.forEach((l, i) => {
        if (/<script(?![^>]*type="application\/(ld\+)?json")(?![^>]*is:inline)[^>]*>/.test(l) && !l.includes('</script>')) start = i;
        else if (start >= 0 && l.includes('</script>')) {
          browserRanges.push([start, i]);
          start = -1;
        }
      });
    }
    lines.forEach((l, i) => {
      const inBrowser = rel.endsWith('.astro') ? browserRanges.some(([a, b]) => i > a && i < b) : !serverSide(rel);
      if (inBrowser && /^\s*import\s+(?!type\b)[^;]*from\s+['"][^'"]+\.server(\.ts)?['"]/.test(l)) {
        out.push({ file: rel, line: i + 1, rule: 'browser code imports a .server.ts module' });
      }
      if (inBrowser && /^\s*import\s*\(?['"][^'"]+\.server(\.ts)?['"]/.test(l)) {
        out.push({ file: rel, line: i + 1, rule: 'browser code imports a .server.ts module' });
      }
      if (!rel.startsWith('src/server/db/') && /\b(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(l)) {
        out.push({ file: rel, line: i + 1, rule: 'SQL outside the repositories (src/server/db)' });
      }
    });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const v = lint();
  for (const x of v) console.error(`${x.file}:${x.line}: ${x.rule}`);
  console.log(v.length ? `${v.length} house-rule violations` : 'house rules: ok');
  process.exit(v.length ? 1 : 0);
}
