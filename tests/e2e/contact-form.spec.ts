/**
 * Contact forms in Chromium against the real server and the demo forms: /contact/ (form 1) and
 * /request-a-quote/ (form 2). Mail goes to the SMTP catcher of scripts/e2e-server.ts, which can
 * also simulate an outage.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page, type Locator } from '@playwright/test';
import { watch, expectAccessible } from './support/page.ts';
import { caughtMail, decodeQuotedPrintable, smtpDown, smtpUp, waitForMail } from './support/mail.ts';

const ADMIN = 'admin@example.com';
const SENT = 'Thank you for your message. It has been sent.';
const FAILED = 'There was an error trying to send your message. Please try again later.';
const INVALID = 'One or more fields have an error. Please check and try again.';
/** The server treats a form sent sooner than this after it was rendered as spam. */
const MIN_FILL_MS = 3000;

test.beforeEach(async ({ context, baseURL }) => {
  // a stored consent choice and a closed GDPR bar: no notice covering the form
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
});

/** Opens a form page; `ready()` waits until a person could have filled the form in. */
async function open(page: Page, path: '/contact/' | '/request-a-quote/') {
  const loaded = Date.now();
  await page.goto(path);
  const wrapper = page.locator('.wpcf7');
  const form = wrapper.locator('form.wpcf7-form');
  return {
    wrapper,
    form,
    output: form.locator('.wpcf7-response-output'),
    ready: async () => {
      const wait = MIN_FILL_MS + 300 - (Date.now() - loaded);
      if (wait > 0) await page.waitForTimeout(wait);
    },
  };
}

/** The script is running when the wrapper says js and the schema has arrived. */
async function scripted(page: Page, wrapper: Locator) {
  await expect(wrapper).toHaveClass(/\bjs\b/);
  await page.waitForFunction(() => (document.querySelector('.wpcf7 form') as unknown as { wpcf7?: { schema?: unknown } })?.wpcf7?.schema !== undefined);
}

/** Records the form's events (statuschanged as `status:{new status}`). */
async function recordEvents(form: Locator) {
  await form.evaluate((el) => {
    const log: string[] = [];
    (window as unknown as { cf7log: string[] }).cf7log = log;
    for (const name of ['beforesubmit', 'submit', 'invalid', 'unaccepted', 'spam', 'aborted', 'mailsent', 'mailfailed', 'refill', 'reset', 'statuschanged']) {
      el.addEventListener(`wpcf7${name}`, (e) => log.push(name === 'statuschanged' ? `status:${(e as CustomEvent<{ status: string }>).detail.status}` : name));
    }
  });
  return () => form.page().evaluate(() => (window as unknown as { cf7log: string[] }).cf7log);
}

const mailText = (raw: string) => decodeQuotedPrintable(raw);

test.describe('contact form (form 1, /contact/)', () => {
  test('sends a message: events, reset, response output and the mail', async ({ page }) => {
    const { errors } = await watch(page);
    const { wrapper, form, output, ready } = await open(page, '/contact/');
    await scripted(page, wrapper);
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    const stamp = `Message ${Date.now()}`;
    await form.getByLabel('Your name').fill('Ana Ruiz');
    await form.getByLabel('Your email').fill('ana@example.com');
    await form.getByLabel('Subject').fill('A correction');
    await form.getByLabel('Your message (optional)').fill(`${stamp}: the bridge is in Porto.`);
    await form.getByRole('checkbox', { name: /I agree that my data is used/ }).check();
    await expect(submit).toBeEnabled();
    await ready();
    const events = await recordEvents(form);
    const before = caughtMail().length;
    await submit.click();

    await expect(output).toHaveText(SENT);
    await expect(form).toHaveAttribute('data-status', 'sent');
    await expect(form).toHaveClass(/\bsent\b/);
    await expect(page.locator('.screen-reader-response [role="status"]')).toHaveText(SENT);
    await expect.poll(events).toEqual(['beforesubmit', 'status:submitting', 'status:sent', 'mailsent', 'submit', 'status:resetting', 'refill', 'status:sent', 'reset']);
    await expect(form.getByLabel('Your name')).toHaveValue('');
    await expect(form.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
    await expect(submit).toBeDisabled();
    await expect(form.locator('input[name="_wpcf7_posted_data_hash"]')).toHaveValue(/^[0-9a-f]{32}$/);

    const mail = await waitForMail(ADMIN, before);
    const text = mailText(mail.raw);
    expect(text).toContain(`${stamp}: the bridge is in Porto.`);
    expect(text).toContain('From: Ana Ruiz <ana@example.com>');
    expect(text).toMatch(/^Reply-To: ana@example\.com\r?$/m);
    expect(errors).toEqual([]);
  });

  test('keyboard only: Tab through the fields (never into the honeypot), Space, Enter', async ({ page }) => {
    const { errors } = await watch(page);
    const { wrapper, form, output, ready } = await open(page, '/contact/');
    await scripted(page, wrapper);
    await form.getByLabel('Your name').focus();
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.tagName);
    await page.keyboard.type('Tom Becker');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('your-email');
    await page.keyboard.type('tom@example.com');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('your-subject');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('your-message');
    const stamp = `Keyboard ${Date.now()}`;
    await page.keyboard.type(stamp);
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('consent');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Submit' })).toBeFocused();
    await ready();
    const before = caughtMail().length;
    await page.keyboard.press('Enter');
    await expect(output).toHaveText(SENT);
    expect(mailText((await waitForMail(ADMIN, before)).raw)).toContain(stamp);
    // focus stays in the form when its button is disabled again, so Tab continues from there
    expect(await page.evaluate(() => document.activeElement?.closest('form')?.classList.contains('wpcf7-form'))).toBe(true);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('without JavaScript: posts to the page and shows the server-rendered answer', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    await context.addCookies([{ name: 'cookie_notice_accepted', value: 'false', url: baseURL! }]);
    const page = await context.newPage();
    await watch(page);
    const { wrapper, form, output, ready } = await open(page, '/contact/');
    await expect(wrapper).toHaveClass(/\bno-js\b/);

    // invalid: the answer names the field and keeps what was typed
    await form.getByLabel('Your name').fill('Ana Ruiz');
    await form.getByLabel('Your email').fill('ana@example');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await ready();
    const [invalidAnswer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.getByRole('button', { name: 'Submit' }).click()]);
    expect(invalidAnswer.headers()['cache-control']).toBe('no-store');
    expect(new URL(page.url()).hash).toBe('#wpcf7-f1-p' + (await form.locator('input[name="_wpcf7_container_post"]').inputValue()) + '-o1');
    await expect(output).toHaveText(INVALID);
    await expect(form).toHaveAttribute('data-status', 'invalid');
    const email = form.getByLabel('Your email');
    await expect(email).toHaveValue('ana@example');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('[data-name="your-email"] .wpcf7-not-valid-tip')).toHaveText('Please enter an email address.');
    await expect(page.locator('.screen-reader-response li a')).toHaveText('Please enter an email address.');
    await expect(form.getByLabel('Your name')).toHaveValue('Ana Ruiz');

    // fixed: sent, and the form is empty again
    const stamp = `No script ${Date.now()}`;
    await email.fill('ana@example.com');
    await form.getByLabel('Your message (optional)').fill(stamp);
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    const before = caughtMail().length;
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(output).toHaveText(SENT);
    await expect(form).toHaveAttribute('data-status', 'sent');
    await expect(form.getByLabel('Your name')).toHaveValue('');
    expect(mailText((await waitForMail(ADMIN, before)).raw)).toContain(stamp);

    // the answer was not cached: the page itself is clean
    await page.goto('/contact/');
    await expect(page.locator('.wpcf7 form')).toHaveAttribute('data-status', 'init');
    await expect(page.locator('.wpcf7-response-output')).toHaveText('');
    await context.close();
  });

  test('offline: the catalogue message is shown, logged, and the status goes back', async ({ page }) => {
    await watch(page);
    const logged: unknown[] = [];
    page.on('console', async (m) => {
      if (m.type() === 'error') logged.push(await m.args()[0]?.jsonValue().catch(() => m.text()));
    });
    const { wrapper, form, output, ready } = await open(page, '/contact/');
    await scripted(page, wrapper);
    await form.getByLabel('Your name').fill('Ana Ruiz');
    await form.getByLabel('Your email').fill('ana@example.com');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await ready();
    await page.route('**/contact-forms/1/feedback', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(output).toHaveText('You are probably offline.');
    await expect(form).toHaveAttribute('data-status', 'init');
    await expect(form.getByLabel('Your name')).toHaveValue('Ana Ruiz');
    await expect.poll(() => logged).toContainEqual({ code: 'fetch_error', message: 'You are probably offline.' });
  });

  test('a contact form inside another form is replaced by the error message', async ({ page }) => {
    const { errors } = await watch(page);
    const { wrapper } = await open(page, '/contact/');
    await scripted(page, wrapper);
    // a script puts a copy of the form's island (its server markup) inside another form
    await page.evaluate(() => {
      const outer = document.createElement('form');
      const island = document.querySelector('masthead-island[data-island="contact-form"]')!;
      const copy = island.cloneNode(true) as HTMLElement;
      delete copy.dataset.hydrated;
      const wrapper = copy.querySelector('.wpcf7')!;
      wrapper.id = 'nested-copy';
      wrapper.classList.replace('js', 'no-js');
      wrapper.querySelector('.wpcf7-spinner')?.remove();
      outer.append(copy);
      document.querySelector('main')!.append(outer);
    });
    await expect(page.locator('#nested-copy')).toHaveText('Error: This contact form is placed in the wrong place.');
    await expect(page.locator('#nested-copy input')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('SMTP outage: the visitor sees the failure, and the message is delivered once SMTP is back', async ({ page }) => {
    test.setTimeout(120_000);
    const { wrapper, form, output, ready } = await open(page, '/contact/');
    await scripted(page, wrapper);
    const stamp = `Outage ${Date.now()}`;
    await form.getByLabel('Your name').fill('Ana Ruiz');
    await form.getByLabel('Your email').fill('ana@example.com');
    await form.getByLabel('Your message (optional)').fill(stamp);
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await ready();
    const before = caughtMail().length;
    smtpDown();
    try {
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(output).toHaveText(FAILED);
      await expect(form).toHaveAttribute('data-status', 'failed');
      await expect(form.getByLabel('Your message (optional)')).toHaveValue(stamp);
    } finally {
      smtpUp();
    }
    expect(caughtMail().slice(before).some((m) => mailText(m.raw).includes(stamp))).toBe(false);
    // the outbox retries 30 s after the failure; the worker looks every 15 s
    const mail = await waitForMail(ADMIN, before, 90_000);
    expect(mailText(mail.raw)).toContain(stamp);
  });
});

test.describe('REST API through the real server', () => {
  test('schema, refill and feedback errors: CF7 shapes, never cached, no cookies', async ({ request }) => {
    const base = '/wp-json/contact-form-7/v1/contact-forms';
    const schema = await request.get(`${base}/2/feedback/schema`);
    expect(schema.status()).toBe(200);
    expect(schema.headers()['cache-control']).toBe('no-store');
    expect(schema.headers()['set-cookie']).toBeUndefined();
    const body = await schema.json();
    expect(Object.keys(body).sort()).toEqual(['locale', 'rules', 'version']);
    expect(body.rules).toContainEqual({ rule: 'required', field: 'your-name', error: 'Please fill out this field.' });

    const refill = await request.get(`${base}/1/refill`);
    expect(await refill.json()).toEqual([]);
    expect(refill.headers()['cache-control']).toBe('no-store');
    expect(refill.headers()['set-cookie']).toBeUndefined();

    const urlencoded = await request.post(`${base}/1/feedback`, { form: { _wpcf7_unit_tag: 'wpcf7-f1-p1-o1' } });
    expect(urlencoded.status()).toBe(415);
    expect(await urlencoded.json()).toEqual({ code: 'wpcf7_unsupported_media_type', message: 'The request payload format is not supported.', data: { status: 415 } });
    const unknown = await request.post(`${base}/999/feedback`, { multipart: { _wpcf7_unit_tag: 'wpcf7-f999-p1-o1' } });
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).code).toBe('wpcf7_not_found');
    const noTag = await request.post(`${base}/1/feedback`, { multipart: { 'your-name': 'x' } });
    expect(noTag.status()).toBe(400);
    expect((await noTag.json()).code).toBe('wpcf7_unit_tag_not_found');
    expect((await request.get(`${base}/999/feedback/schema`)).status()).toBe(404);
  });

  test('uploads in DATA_DIR/uploads/cf7 are never served, however the path is spelled', async ({ request }) => {
    // the server's DATA_DIR (playwright.config.ts); its uploads folder is served at /media/uploads/
    const uploads = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 4399}`, 'uploads');
    mkdirSync(path.join(uploads, 'cf7'), { recursive: true });
    const name = `probe-${Date.now()}.txt`;
    writeFileSync(path.join(uploads, name), 'public');
    writeFileSync(path.join(uploads, 'cf7', name), 'private');
    expect((await request.get(`/media/uploads/${name}`)).status()).toBe(200);
    for (const p of [`/media/uploads/cf7/${name}`, `/media/uploads/%63f7/${name}`, `/media/uploads/./cf7/${name}`, `/media/uploads//cf7/${name}`, `/media/uploads/CF7/../cf7/${name}`]) {
      const res = await request.get(p);
      expect(res.status(), p).toBe(404);
      expect(await res.text()).not.toContain('private');
    }
  });
});

test.describe('quote request (form 2, /request-a-quote/)', () => {
  test('validates on change with the server’s messages, and before submit without sending', async ({ page }) => {
    const { errors } = await watch(page);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/contact-forms/') && posts.push(r.url()));
    const { wrapper, form, output } = await open(page, '/request-a-quote/');
    await scripted(page, wrapper);

    const email = form.getByLabel('Your email');
    await email.fill('tom@');
    await email.press('Tab');
    const tip = form.locator('[data-name="your-email"] .wpcf7-not-valid-tip');
    await expect(tip).toHaveText('Please enter an email address.');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveClass(/wpcf7-not-valid/);
    const describedBy = await email.getAttribute('aria-describedby');
    expect(describedBy).toMatch(/^wpcf7-f2-p\d+-o1-ve-your-email$/);
    await expect(page.locator(`.screen-reader-response li#${describedBy}`)).toHaveText('Please enter an email address.');

    await email.fill('tom@example.com');
    await email.press('Tab');
    await expect(tip).toHaveCount(0);
    await expect(email).toHaveAttribute('aria-invalid', 'false');
    await expect(email).not.toHaveAttribute('aria-describedby', /.+/);

    const budget = form.getByLabel(/^Budget/);
    await budget.fill('125');
    await budget.press('Tab');
    await expect(form.locator('[data-name="budget"] .wpcf7-not-valid-tip')).toHaveText('Please enter a number in the allowed steps.');
    await budget.fill('150');
    await budget.press('Tab');
    await expect(form.locator('[data-name="budget"] .wpcf7-not-valid-tip')).toHaveCount(0);

    await form.getByLabel('Preferred start date').fill('2019-12-31');
    await form.getByLabel('Preferred start date').press('Tab');
    await expect(form.locator('[data-name="start-date"] .wpcf7-not-valid-tip')).toHaveText('This field has a too early date.');

    // before submit: the whole form, and nothing is sent
    await form.getByLabel('Your name').fill('Tom Becker');
    await form.getByRole('checkbox', { name: 'I accept the terms and conditions.' }).check();
    await form.getByRole('button', { name: 'Request a quote' }).click();
    await expect(output).toHaveText(INVALID);
    await expect(form).toHaveAttribute('data-status', 'invalid');
    await expect(form.locator('[data-name="services"] .wpcf7-not-valid-tip')).toHaveText('Please select more options.');
    expect(posts).toEqual([]);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('submit stays disabled until the required box is checked; the optional newsletter does not matter', async ({ page }) => {
    const { wrapper, form } = await open(page, '/request-a-quote/');
    await scripted(page, wrapper);
    const submit = form.getByRole('button', { name: 'Request a quote' });
    const terms = form.getByRole('checkbox', { name: 'I accept the terms and conditions.' });
    const newsletter = form.getByRole('checkbox', { name: 'Send me the newsletter.' });
    await expect(submit).toBeDisabled();
    await newsletter.check();
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();
    await newsletter.uncheck();
    await expect(submit).toBeEnabled();
    await terms.uncheck();
    await expect(submit).toBeDisabled();
  });

  test('url gets http://, 00 becomes +, the brief has a counter that marks too short and too long', async ({ page }) => {
    const { wrapper, form } = await open(page, '/request-a-quote/');
    await scripted(page, wrapper);
    const website = form.getByLabel('Your website');
    await website.fill('bakery.example/menu');
    await website.press('Tab');
    await expect(website).toHaveValue('http://bakery.example/menu');
    await expect(form.locator('[data-name="your-website"] .wpcf7-not-valid-tip')).toHaveCount(0);
    const phone = form.getByLabel('Your phone');
    await phone.fill('0049 30 1234567');
    await phone.press('Tab');
    await expect(phone).toHaveValue('+49 30 1234567');

    const brief = form.getByLabel(/^Project brief/);
    const counter = form.locator('.wpcf7-character-count');
    await expect(counter).toHaveText('2000');
    await brief.pressSequentially('Short brief');
    await expect(counter).toHaveText('1989');
    await expect(counter).toHaveClass(/too-short/);
    await brief.fill('A brief that is long enough.');
    await brief.press('End');
    await page.keyboard.type('!');
    await expect(counter).toHaveText(String(2000 - 'A brief that is long enough.!'.length));
    await expect(counter).not.toHaveClass(/too-short|too-long/);
    await brief.evaluate((el: HTMLTextAreaElement) => el.removeAttribute('maxlength'));
    await brief.fill('x'.repeat(2001));
    await brief.press('End');
    await page.keyboard.type('x');
    await expect(counter).toHaveText('-2');
    await expect(counter).toHaveClass(/too-long/);
  });

  test('rejects a file of another type in the browser, and a disguised one on the server', async ({ page }) => {
    const { errors } = await watch(page);
    const { wrapper, form, output, ready } = await open(page, '/request-a-quote/');
    await scripted(page, wrapper);
    const file = form.getByLabel(/^Attachment/);
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const tip = form.locator('[data-name="attachment"] .wpcf7-not-valid-tip');
    await expect(tip).toHaveText('You are not allowed to upload files of this type.');
    await file.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1_100_000)]) });
    await expect(tip).toHaveText('The uploaded file is too large.');

    // an HTML page named .pdf passes the browser's check; the server looks at the bytes
    await file.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await expect(tip).toHaveCount(0);
    await form.getByLabel('Your name').fill('Tom Becker');
    await form.getByLabel('Your email').fill('tom@example.com');
    await form.getByRole('checkbox', { name: 'Design' }).check();
    await form.getByRole('checkbox', { name: 'I accept the terms and conditions.' }).check();
    await ready();
    await form.getByRole('button', { name: 'Request a quote' }).click();
    await expect(output).toHaveText(INVALID);
    await expect(tip).toHaveText('You are not allowed to upload files of this type.');
    await expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(errors).toEqual([]);
  });

  test('sends a full quote request with a PDF; the mail lists the choices and the file', async ({ page }) => {
    const { errors } = await watch(page);
    const { wrapper, form, output, ready } = await open(page, '/request-a-quote/');
    await scripted(page, wrapper);
    const stamp = `Quote ${Date.now()}`;
    await form.getByLabel('Your name').fill('Tom Becker');
    await form.getByLabel('Your email').fill('tom@example.com');
    await form.getByLabel('Your website').fill('https://tom.example');
    await form.getByLabel('Your phone').fill('+49 30 1234567');
    await form.getByLabel(/^Budget/).fill('2500');
    await form.getByLabel('Preferred start date').fill('2026-09-01');
    await form.getByLabel('Best time to call').fill('10:30');
    await form.getByRole('checkbox', { name: 'Design' }).check();
    await form.getByRole('checkbox', { name: 'Photography' }).check();
    await form.getByLabel(/^Project brief/).fill(`${stamp}: a new identity for a small bakery.`);
    await form.getByLabel(/^Attachment/).setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048)]) });
    await form.getByRole('checkbox', { name: 'I accept the terms and conditions.' }).check();
    await ready();
    const before = caughtMail().length;
    await form.getByRole('button', { name: 'Request a quote' }).click();
    await expect(output).toHaveText(SENT);
    await expect(form).toHaveAttribute('data-status', 'sent');
    await expect(form.getByRole('checkbox', { name: 'Design' })).not.toBeChecked();
    await expect(form.locator('.wpcf7-character-count')).toHaveText('2000');
    const text = mailText((await waitForMail(ADMIN, before)).raw);
    expect(text).toContain(`${stamp}: a new identity for a small bakery.`);
    expect(text).toContain('Services: Design, Photography');
    expect(text).toContain('Budget: 2500');
    expect(text).toMatch(/brief\.pdf \(\d+ KB\)/);
    expect(errors).toEqual([]);
  });

  test('looks right at 375 px and 1280 px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const { wrapper, form } = await open(page, '/request-a-quote/');
      await scripted(page, wrapper);
      await form.getByLabel('Your email').fill('tom@');
      await form.getByLabel('Your email').press('Tab');
      await expect(form.locator('.wpcf7-not-valid-tip')).toHaveCount(1);
      await form.getByRole('checkbox', { name: 'I accept the terms and conditions.' }).check();
      await form.getByRole('button', { name: 'Request a quote' }).click();
      await expect(form.locator('.wpcf7-response-output')).toHaveText(INVALID);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await wrapper.screenshot({ path: `.tmp/contact-form-${width}.png` });
    }
  });

  test('the contact page with validation errors at 390 px and 1280 px, and a right-to-left form mirrored', async ({ page }) => {
    const { errors } = await watch(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 1000 });
      const { wrapper, form } = await open(page, '/contact/');
      await scripted(page, wrapper);
      await form.getByLabel('Your email').fill('ana@');
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.locator('.wpcf7-response-output')).toHaveText(INVALID);
      await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel('Your email')).toHaveAttribute('aria-invalid', 'true');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await wrapper.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/contact-page-${width}.png`, fullPage: true });
    }
    // a form in a right-to-left language: its choice list starts at the right, its tips too
    await page.setViewportSize({ width: 1280, height: 1000 });
    const { wrapper, form } = await open(page, '/request-a-quote/');
    await scripted(page, wrapper);
    await wrapper.evaluate((el) => el.setAttribute('dir', 'rtl'));
    await form.getByRole('checkbox', { name: 'I accept the terms and conditions.' }).check();
    await form.getByRole('button', { name: 'Request a quote' }).click();
    await expect(form.locator('[data-name="services"] .wpcf7-not-valid-tip')).toHaveText('Please select more options.');
    const wrap = (await form.locator('[data-name="services"]').boundingBox())!;
    const firstItem = (await form.locator('[data-name="services"] .wpcf7-list-item').first().boundingBox())!;
    expect(Math.abs(wrap.x + wrap.width - (firstItem.x + firstItem.width))).toBeLessThan(2);
    const gap = await form.locator('[data-name="services"] .wpcf7-list-item').first().evaluate((el) => getComputedStyle(el).marginLeft);
    expect(gap).toBe('16px');
    await wrapper.screenshot({ path: '.tmp/contact-form-rtl.png' });
    expect(errors).toEqual([]);
  });
});
