import { expect, type Page, type ConsoleMessage } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN_PASSWORD } from '../../support/demo.ts';

/** Collects console errors and page errors; outside requests are blocked (tests never leave 127.0.0.1). */
export async function watch(page: Page): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return { errors };
}

/** axe-core on the current page: no serious or critical violations (WCAG 2.2 AA rules). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`)).toEqual([]);
}

/** Signs in as the administrator through the standalone form on /account/. */
export async function loginAsAdmin(page: Page) {
  await page.goto('/account/');
  const login = page.getByRole('form', { name: 'Log in', exact: true });
  await login.getByLabel(/user ?name/i).fill('admin');
  await login.getByLabel(/^password/i).fill(E2E_ADMIN_PASSWORD);
  await login.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/loggedin=1/);
}
