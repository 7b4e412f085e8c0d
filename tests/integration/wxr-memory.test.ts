import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wxr, type FxItem } from '../support/wxr.ts';

/**
 * The reader keeps what the importer holds on to (titles, slugs, links of every item, for the
 * second pass) apart from the file's text: a slice of a 256 KB chunk would keep the whole chunk,
 * and memory would grow with the file. An 80 MB export read in a process whose heap may not
 * exceed 48 MB, keeping three strings of every item as the importer does.
 */
describe('reading a large export', () => {
  it('keeps memory flat: the strings it hands out hold no part of the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'masthead-wxr-memory-'));
    try {
      const file = path.join(dir, 'export.xml');
      const body = `<p>${'Words that fill a long post. '.repeat(1400)}</p>`;
      const items: FxItem[] = Array.from({ length: 2000 }, (_, i) => ({ id: 10 + i, type: 'post', title: `A reasonably long title, number ${i}`, slug: `a-reasonably-long-title-number-${i}`, content: body, date: '2024-01-01 08:00:00' }));
      writeFileSync(file, wxr({ authors: [{ id: 1, login: 'admin' }], terms: [], items }));
      const script = `
        import { readWxr } from ${JSON.stringify(path.resolve('src/server/wxr/reader.server.ts'))};
        const kept = [];
        for await (const r of readWxr(${JSON.stringify(file)})) if (r.kind === 'item') kept.push({ title: r.title, slug: r.slug, link: r.link });
        console.log(kept.length);
      `;
      const r = spawnSync(process.execPath, ['--max-old-space-size=48', '--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(r.stderr.slice(0, 400)).not.toMatch(/heap out of memory/);
      expect(r.status).toBe(0);
      expect(r.stdout.trim()).toBe('2000');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
