import { describe, expect, it } from 'vitest';
import { slugify, slugProblem, uniqueSlug, MAX_SLUG } from './slug.ts';

describe('slugify', () => {
  it('makes lower-case ASCII words joined by single hyphens', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
    expect(slugify('  Streets   after -- rain  ')).toBe('streets-after-rain');
    expect(slugify('Crème brûlée à la française')).toBe('creme-brulee-a-la-francaise');
    expect(slugify('Straße, Øresund, Łódź, Æsir')).toBe('strasse-oresund-lodz-aesir');
    expect(slugify("The editor's letter")).toBe('the-editors-letter');
    expect(slugify('already-a-slug')).toBe('already-a-slug');
  });

  it('answers an empty slug for text without letters or digits', () => {
    expect(slugify('日本語')).toBe('');
    expect(slugify('!!! ???')).toBe('');
  });

  it('is idempotent and bounded', () => {
    for (const s of ['A b C', 'x'.repeat(500), 'é-'.repeat(200), '--a--']) {
      const once = slugify(s);
      expect(slugify(once)).toBe(once);
      expect(once.length).toBeLessThanOrEqual(MAX_SLUG);
      expect(once).not.toMatch(/^-|-$|--/);
    }
  });
});

describe('slugProblem', () => {
  it('refuses empty, digits-only (date archives) and the site’s own segments', () => {
    expect(slugProblem('')).toBe('empty');
    expect(slugProblem('2024')).toBe('digits');
    expect(slugProblem('admin')).toBe('reserved');
    expect(slugProblem('category', 'page')).toBe('reserved');
    expect(slugProblem('feed')).toBe('reserved');
    expect(slugProblem('admin', 'portfolio')).toBeNull();
    expect(slugProblem('2024', 'term')).toBeNull();
    expect(slugProblem('2024-review')).toBeNull();
  });
});

describe('uniqueSlug', () => {
  it('adds the first free number', async () => {
    const taken = new Set(['cake', 'cake-2']);
    expect(await uniqueSlug('cake', async (s) => taken.has(s))).toBe('cake-3');
    expect(await uniqueSlug('pie', async (s) => taken.has(s))).toBe('pie');
  });
  it('keeps the suffix within the length limit', async () => {
    const base = 'a'.repeat(MAX_SLUG);
    const s = await uniqueSlug(base, async (x) => x === base);
    expect(s.length).toBeLessThanOrEqual(MAX_SLUG);
    expect(s.endsWith('-2')).toBe(true);
  });
});
