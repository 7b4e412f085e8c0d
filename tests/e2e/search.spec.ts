import { test, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { watch, expectAccessible } from './support/page.ts';

/**
 * Full-text search (issue 14, part 3): live suggestions in the header search (a combobox over
 * links, keyboard navigable) and the results page with the matched words marked.
 */
const SHOTS = '.tmp/screens-search';
mkdirSync(SHOTS, { recursive: true });

const openSearch = async (page: Page) => {
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('#search-box-input')).toBeFocused();
  return page.getByRole('combobox', { name: 'Search' });
};

test('typing shows suggestions; the arrow keys reach one and Enter opens the post', async ({ page }) => {
  const { errors } = await watch(page);
  await page.goto('/');
  const field = await openSearch(page);
  await page.keyboard.type('lemon cak');
  const list = page.getByRole('listbox', { name: 'Suggested posts' });
  const cake = list.getByRole('option', { name: 'Lemon olive oil cake' });
  await expect(cake).toBeVisible();
  await expect(cake.locator('mark').first()).toHaveText('Lemon');
  await expect(list.getByRole('option', { name: 'See all results for “lemon cak”' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: `${SHOTS}/suggestions-1280.png` });
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await expect(cake).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await cake.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lemon-olive-oil-cake\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lemon olive oil cake');
  expect(errors).toEqual([]);
});

test('on a phone: suggestions under the field; "See all results" opens the results page with marked words', async ({ page }) => {
  const { errors } = await watch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await openSearch(page);
  await page.keyboard.type('harbour');
  const list = page.getByRole('listbox', { name: 'Suggested posts' });
  await expect(list.getByRole('option', { name: /Hamburg’s harbour district/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/suggestions-390.png` });
  await page.keyboard.press('ArrowUp'); // from the field up: the last option, "See all results"
  await expect(list.getByRole('option', { name: 'See all results for “harbour”' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?s=harbour$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “harbour”');
  const first = page.locator('.archive-grid .card').first();
  await expect(first.getByRole('link', { name: /Hamburg’s harbour district/ })).toBeVisible();
  await expect(first.locator('mark').first()).toHaveText(/harbour/i);
  await page.screenshot({ path: `${SHOTS}/results-390.png`, fullPage: false });
  expect(errors).toEqual([]);
});

test('the suggestion endpoint answers published posts only, never cached, and takes any text', async ({ request }) => {
  const r = await request.get('/api/search?s=lemon');
  expect(r.status()).toBe(200);
  expect(r.headers()['cache-control']).toContain('no-store');
  const body = (await r.json()) as { suggestions: { url: string; title: { text: string }[] }[] };
  expect(body.suggestions.map((s) => s.url)).toContain('/lemon-olive-oil-cake/');
  for (const q of ['"', 'AND(', '*', 'x'.repeat(3000), '<script>']) {
    const odd = await request.get(`/api/search?s=${encodeURIComponent(q)}`);
    expect(odd.status(), q).toBe(200);
    const page = await request.get(`/?s=${encodeURIComponent(q)}`);
    expect(page.status(), q).toBe(200);
  }
});
