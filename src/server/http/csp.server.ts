import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OWN_INLINE_SCRIPTS } from '../../layouts/inline-scripts.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes `script-src` allows: the inline scripts the build produced, known at start-up and
 * never read from the outgoing page (a script that reached a page some other way does not run):
 *   - Astro's island runtime and the client-directive scripts recorded in the built manifest
 *     (`dist/server`), which Astro writes into pages that have islands;
 *   - our templates' own inline scripts (src/layouts/inline-scripts.ts).
 * Throws when the built manifest has no client directives to read (a build Astro changed).
 */
export async function buildScriptHashes(distDir: string): Promise<string[]> {
  const directives = await clientDirectiveScripts(path.join(distDir, 'server'));
  return [...new Set([await astroIslandScript(), ...directives, ...OWN_INLINE_SCRIPTS].map(hash))];
}

/** Astro's island runtime, as the installed Astro writes it into pages (not an exported module path). */
async function astroIslandScript(): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('astro')));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const mod = (await import(pathToFileURL(path.join(dir, 'dist/runtime/server/astro-island.prebuilt.js')).href)) as { default: string };
  return mod.default;
}

async function clientDirectiveScripts(serverDir: string): Promise<string[]> {
  const files = (await readdir(serverDir, { recursive: true })).filter((f) => f.endsWith('.mjs'));
  for (const f of files) {
    const text = await readFile(path.join(serverDir, f), 'utf8');
    const at = text.indexOf('"clientDirectives":');
    if (at < 0) continue;
    const list = JSON.parse(jsonArrayAt(text, at + '"clientDirectives":'.length)) as [string, string][];
    return list.map(([, script]) => script);
  }
  throw new Error(`no client directives found in the built manifest under ${serverDir}`);
}

/** The JSON array that starts at `start` (strings and escapes respected). */
function jsonArrayAt(text: string, start: number): string {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error('unterminated client directive list');
}
