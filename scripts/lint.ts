/**
 * House rules that a type checker does not see (DESIGN.md, "Rules of the house"):
 *  1. Browser-reachable modules never import a `.server.ts` module (type-only imports are erased
 *     and allowed). Server-side places: src/server/**, src/pages/**, src/middleware.ts, *.server.ts,
 *     .astro files (rendered on the server; their <script> blocks are checked as browser code).
 *  2. Outside src/server/db, no module builds SQL (Kysely query builders or `sql` templates).
 *  3. Components do not read the document: no `document.` in a `.tsx` of src/features or src/ui
 *     (an island reaches the page through its own refs; page-wide state lives in plain stores).
 *  4. No selector coupling: a browser module of one feature does not select (querySelector,
 *     closest, matches, enhance) a class name that only `.tsx` components of another feature
 *     render. The few shared hooks are listed in SHARED_HOOKS with their reason.
 * PENDING_DOM lists the widgets still written as DOM code (issue 12, not yet converted); the rules
 * skip them until they are, and the list may only shrink.
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
  rel.startsWith('src/server/') || rel.startsWith('src/pages/') || rel === 'src/middleware.ts' || rel.endsWith('.server.ts') || rel.endsWith('.server.tsx') || rel === 'src/env.d.ts';

/** Class names that are contracts between features, not one component's private markup. */
export const SHARED_HOOKS: Record<string, string> = {
  'post-block': 'the post block of SPEC 3: document-wide behaviours scope themselves to the post they act in',
  masonry: 'the masonry layout behaviour (a document-wide module that owns no markup) arranges any .masonry grid',
};

/** Browser modules still written as DOM code (issue 12); each is converted to an island in time. */
export const PENDING_DOM: ReadonlySet<string> = new Set<string>([]);

const featureOf = (rel: string) => (rel.startsWith('src/features/') ? rel.split('/')[2]! : rel.split('/')[1]!);

/** Class names written by `className` in each feature's components. */
function renderedClasses(files: string[]): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (!rel.endsWith('.tsx') || rel.startsWith('src/admin/')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)) {
      for (const c of (m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, ' ').split(/\s+/).filter(Boolean)) {
        if (!owners.has(c)) owners.set(c, new Set());
        owners.get(c)!.add(featureOf(rel));
      }
    }
  }
  return owners;
}

export function lint(): Violation[] {
  const out: Violation[] = [];
  const files = walk(path.join(root, 'src'));
  const owners = renderedClasses(files);
  for (const file of files) {
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
      const reader = (rel.startsWith('src/features/') || rel.startsWith('src/ui/')) && !PENDING_DOM.has(rel);
      if (reader && rel.endsWith('.tsx') && /(^|[^.\w])document\./.test(l)) {
        out.push({ file: rel, line: i + 1, rule: 'a component reads the document (use refs, or a plain store module)' });
      }
      if (reader && rel.endsWith('.ts') && inBrowser) {
        for (const m of l.matchAll(/(?:querySelector(?:All)?|closest|matches|enhance|enhanceLazy)\s*(?:<[^>]*>)?\(\s*['"`]([^'"`]*)/g)) {
          for (const [, c] of m[1]!.matchAll(/\.([a-zA-Z][\w-]*)/g)) {
            const by = owners.get(c!);
            if (by && !by.has(featureOf(rel)) && !(c! in SHARED_HOOKS)) {
              out.push({ file: rel, line: i + 1, rule: `selects .${c}, markup of another feature's component (${[...by].join(', ')})` });
            }
          }
        }
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
