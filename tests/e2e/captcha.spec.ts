/**
 * Contact Form 7's image captcha on the demo data-request form (form 3, /privacy-policy/): the
 * picture loads, a wrong code is refused and replaced by a new picture, the right code sends the
 * request once, with and without JavaScript. The test reads the code a person would read off the
 * picture from the server's database (the picture is pixels only).
 */
import { test, expect, type Page } from '@playwright/test';
import { watch, expectAccessible } from './support/page.ts';
import { openDatabase } from '../../src/server/db/connect.server.ts';
import { createRepositories } from '../../src/server/db/repositories/index.server.ts';
import { dataDir } from '../../playwright.config.ts';

const PAGE = '/privacy-policy/';
const SENT = 'Thank you for your message. It has been sent.';
const WRONG = 'Your entered code is incorrect.';
const MIN_FILL_MS = 3300;

/** What a person reads off the picture: the answer of the challenge named in the form. */
async function codeShown(page: Page): Promise<string> {
  const prefix = await page.locator('input[name="_wpcf7_captcha_challenge_captcha-1"]').inputValue();
  const db = await openDatabase({ dataDir });
  try {
    return (await createRepositories(db.kysely).captcha.peek(prefix))!.answer;
  } finally {
    await db.close();
  }
}

async function fill(page: Page, code: string) {
  const form = page.locator('form.wpcf7-form');
  await form.getByLabel('Your name').fill('Ana Ruiz');
  await form.getByLabel('Your email').fill('ana.ruiz@example.com');
  await form.getByLabel('What would you like?').selectOption('A copy of my data');
  await form.getByLabel('Type the code shown in the picture').fill(code);
}

const picture = (page: Page) => page.getByRole('img', { name: 'captcha' });
const pictureLoaded = (page: Page) => picture(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 72 && img.naturalHeight === 24);

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
});

test('a wrong code is refused with a new picture; the right one sends the request (JavaScript)', async ({ page }) => {
  const { errors } = await watch(page);
  const response = await page.goto(PAGE);
  // each view shows its own challenge, so the page is never cached
  expect(response!.headers()['cache-control']).toBe('no-store');
  await expect.poll(() => pictureLoaded(page)).toBe(true);
  const form = page.locator('form.wpcf7-form');
  const firstSrc = await picture(page).getAttribute('src');
  await page.waitForTimeout(MIN_FILL_MS);
  await fill(page, 'ZZZZ');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.locator('[data-name="captcha-1"] .wpcf7-not-valid-tip')).toHaveText(WRONG);
  await expect(form.getByLabel('Type the code shown in the picture')).toHaveValue('');
  await expect(picture(page)).not.toHaveAttribute('src', firstSrc!);
  await expect.poll(() => pictureLoaded(page)).toBe(true);
  // the hidden challenge follows the new picture
  const prefix = await form.locator('input[name="_wpcf7_captcha_challenge_captcha-1"]').inputValue();
  expect(await picture(page).getAttribute('src')).toBe(`/contact-form/captcha/${prefix}.png`);

  await form.getByLabel('Type the code shown in the picture').fill((await codeShown(page)).toLowerCase());
  // leaving the field checks it again (its old error goes); then the button is where it stays
  await page.keyboard.press('Tab');
  await expect(form.locator('[data-name="captcha-1"] .wpcf7-not-valid-tip')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.locator('.wpcf7-response-output')).toHaveText(SENT);
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('captcha-phone.png') });
  expect(errors).toEqual([]);
});

test('two visitors get different challenges, and an answered picture is gone', async ({ page, request }) => {
  await page.goto(PAGE);
  const a = await page.locator('input[name="_wpcf7_captcha_challenge_captcha-1"]').inputValue();
  await page.reload();
  const b = await page.locator('input[name="_wpcf7_captcha_challenge_captcha-1"]').inputValue();
  expect(a).not.toBe(b);
  expect((await request.get(`/contact-form/captcha/${b}.png`)).headers()['content-type']).toBe('image/png');
  expect((await request.get('/contact-form/captcha/123.png')).status()).toBe(404);
});

test('without JavaScript: the page answers a wrong code with a new picture, then sends', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  await context.addCookies([{ name: 'cookie_notice_accepted', value: 'false', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto(PAGE);
  const form = page.locator('form.wpcf7-form');
  const before = await form.locator('input[name="_wpcf7_captcha_challenge_captcha-1"]').inputValue();
  await page.waitForTimeout(MIN_FILL_MS);
  await fill(page, 'ZZZZ');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.locator('[data-name="captcha-1"] .wpcf7-not-valid-tip')).toHaveText(WRONG);
  await expect(form.getByLabel('Your name')).toHaveValue('Ana Ruiz');
  const after = await form.locator('input[name="_wpcf7_captcha_challenge_captcha-1"]').inputValue();
  expect(after).not.toBe(before);
  await expect.poll(() => pictureLoaded(page)).toBe(true);
  await form.getByLabel('Type the code shown in the picture').fill(await codeShown(page));
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.locator('.wpcf7-response-output')).toHaveText(SENT);
  await context.close();
});
