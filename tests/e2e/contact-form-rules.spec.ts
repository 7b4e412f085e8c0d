/**
 * One rule engine, two sides: for every Contact Form 7 vector below, the browser (validation on
 * change, in Chromium) and the server (the feedback endpoint) reach the same verdict, and it is
 * Contact Form 7's own (telephone: the `+` counts towards 6–15, `00` is `+`, an extension after `#`
 * or `*` is dropped; lengths: counted without surrounding white space).
 */
import { test, expect, type Page } from '@playwright/test';

interface Vector {
  field: 'your-phone' | 'budget' | 'brief';
  label: RegExp;
  value: string;
  valid: boolean;
}

const tel = (value: string, valid: boolean): Vector => ({ field: 'your-phone', label: /^Your phone/, value, valid });
const num = (value: string, valid: boolean): Vector => ({ field: 'budget', label: /^Budget/, value, valid });
const brief = (value: string, valid: boolean): Vector => ({ field: 'brief', label: /^Project brief/, value, valid });

const vectors: Vector[] = [
  tel('+12345', true),
  tel('12345', false),
  tel('0012345', true),
  tel('001234', false),
  tel('030 1234567 #12', true),
  tel('030 1234567*12', true),
  tel('+123456789012345', false),
  tel('030 1234567 ext 12', false),
  // a number input only ever holds numbers (the browser drops "+150" to ""): the format vectors
  // of the number rule are unit tests of the shared engine (rules.test.ts)
  num('150', true),
  num('1.5e2', true),
  num('-150', false),
  brief(`   ${'a'.repeat(19)}   `, false),
  brief(`   ${'a'.repeat(20)}   `, true),
  brief(' '.repeat(30), true),
];

/** A value of the same field whose verdict is the opposite of `valid` (so a change is visible). */
const opposite = (v: Vector): string =>
  ({ 'your-phone': v.valid ? 'abc' : '+49 30 1234567', budget: v.valid ? '50' : '200', brief: v.valid ? 'too short' : 'a'.repeat(25) })[v.field];

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
});

/** The browser's verdict: the field is marked invalid (aria-invalid) after a change, or not. */
async function browserVerdict(page: Page, v: Vector): Promise<boolean> {
  const input = page.getByLabel(v.label);
  // first the opposite verdict, so that the verdict on `value` is a visible change of state
  await input.fill(opposite(v));
  await input.blur();
  await expect(input).toHaveAttribute('aria-invalid', v.valid ? 'true' : 'false');
  await input.fill(v.value);
  await input.blur();
  await expect(input).toHaveAttribute('aria-invalid', v.valid ? 'false' : 'true');
  return (await input.getAttribute('aria-invalid')) !== 'true';
}

/** The server's verdict on the same value: whether the field is among the answer's invalid fields. */
async function serverVerdict(page: Page, v: Vector): Promise<boolean> {
  const hidden = await page.locator('form.wpcf7-form input[type="hidden"]').evaluateAll((els) => Object.fromEntries(els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value])));
  // the name stays empty, so nothing is ever sent: the answer is validation_failed either way
  const res = await page.request.post(`/wp-json/contact-form-7/v1/contact-forms/2/feedback`, { multipart: { ...hidden, 'your-name': '', [v.field]: v.value } });
  expect(res.status()).toBe(200);
  const answer = (await res.json()) as { status: string; invalid_fields: { field: string }[] };
  expect(answer.status).toBe('validation_failed');
  return !answer.invalid_fields.some((f) => f.field === v.field);
}

test('browser and server give Contact Form 7’s verdict for every vector', async ({ page }) => {
  await page.goto('/request-a-quote/');
  await expect(page.locator('.wpcf7')).toHaveClass(/\bjs\b/);
  await page.waitForFunction(() => (document.querySelector('.wpcf7 form') as unknown as { wpcf7?: { schema?: unknown } })?.wpcf7?.schema !== undefined);
  const verdicts: string[] = [];
  for (const v of vectors) {
    const browser = await browserVerdict(page, v);
    const server = await serverVerdict(page, v);
    verdicts.push(`${v.field} ${JSON.stringify(v.value)}: browser ${browser ? 'valid' : 'invalid'}, server ${server ? 'valid' : 'invalid'}`);
  }
  expect(verdicts).toEqual(vectors.map((v) => `${v.field} ${JSON.stringify(v.value)}: browser ${v.valid ? 'valid' : 'invalid'}, server ${v.valid ? 'valid' : 'invalid'}`));
});
