import { test, expect, type Page, type BrowserContext, type Request } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watch, expectAccessible } from './support/page.ts';
import { holdReact, watchReact } from './support/react-hold.ts';
import { pageVarsOf, readSetting, viewsOf, waitForPageVars, writeSetting } from './support/settings.ts';
import type { Settings } from '../../src/features/site/settings.ts';

/**
 * Consent and privacy (issue 5): the cookie-consent notice (accept, reject, close, Escape, revoke,
 * redirection with and without the cache option, accept on scroll / on click, never in a frame),
 * the GDPR bar across reloads, analytics and the first-party view counter, and click-to-load
 * placeholders on outside embeds. Non-default settings are written to the e2e server's database
 * (tests/e2e/support/settings.ts) and restored afterwards.
 */

const CONSENT = 'cookie_notice_accepted';
const DAY = 24 * 3600;

const notice = (page: Page) => page.getByRole('dialog', { name: 'Cookies' });
const revokeButton = (page: Page) => page.getByRole('button', { name: 'Cookie settings' });
const gdpr = (page: Page) => page.getByRole('region', { name: 'Privacy notice' });

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}
const bodyClasses = (page: Page) => page.evaluate(() => [...document.body.classList]);

/** Records the notice's document events from the first script on. */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cnEvents: string[] };
    w.cnEvents = [];
    for (const n of ['setCookieNotice', 'showCookieNotice', 'hideCookieNotice', 'showRevokeNotice', 'hideRevokeNotice']) {
      document.addEventListener(n, (e) => w.cnEvents.push(`${n}${n === 'setCookieNotice' ? `:${(e as CustomEvent).detail.value}` : ''}`));
    }
  });
}
const events = (page: Page) => page.evaluate(() => (window as unknown as { cnEvents: string[] }).cnEvents);

/** A marker that survives until the document is replaced (reload or navigation). */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { cnMark: number }).cnMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { cnMark?: number }).cnMark === 1);

function expectLifetime(expires: number | undefined, seconds: number) {
  const left = (expires ?? 0) - Date.now() / 1000;
  expect(left).toBeGreaterThan(seconds - 120);
  expect(left).toBeLessThanOrEqual(seconds + 5);
}

test.describe('cookie-consent notice (default settings)', () => {
  test('is shown on a first visit as an accessible dialog, first in the focus order (axe clean with it open)', async ({ page, context }) => {
    const { errors } = await watch(page);
    await recordEvents(page);
    await page.goto('/');
    const dialog = notice(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(/We use cookies/);
    for (const name of ['Accept', 'Reject', 'Close']) await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(revokeButton(page)).toBeHidden();
    expect(await bodyClasses(page)).toEqual(expect.arrayContaining(['cookies-not-set', 'cookie-notice-visible']));
    expect(await events(page)).toEqual(['showCookieNotice']);
    expect(await cookie(context, CONSENT)).toBeUndefined();
    // the page keeps the focus at load; the notice is next after the skip link, and no trap
    await expect(dialog).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'Privacy policy' })).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !document.getElementById('cookie-notice')!.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);
    // keyboard focus is never scrolled under the open notice (WCAG 2.4.11): the page's scroll
    // padding is the notice's height and a little, and goes when the notice does
    const padding = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom);
    const height = (await dialog.boundingBox())!.height;
    await expect.poll(padding).toBe(`${Math.round(height) + 8}px`);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(padding).toBe('auto');
    expect(errors).toEqual([]);
  });

  test('accept stores true for the accepted lifetime, hides the notice and shows "Cookie settings"', async ({ page, context }) => {
    await watch(page);
    await recordEvents(page);
    await page.goto('/');
    await mark(page);
    await notice(page).getByRole('button', { name: 'Accept' }).click();
    await expect(notice(page)).toBeHidden();
    const c = await cookie(context, CONSENT);
    expect(c?.value).toBe('true');
    expect(c?.path).toBe('/');
    expect(c?.domain).toBe('127.0.0.1'); // host-only: an IP address gets no Domain attribute
    expectLifetime(c?.expires, 365 * DAY);
    await expect(revokeButton(page)).toBeVisible();
    expect(await bodyClasses(page)).toEqual(expect.arrayContaining(['cookies-set', 'cookies-accepted', 'cookie-revoke-visible']));
    expect(await bodyClasses(page)).not.toContain('cookies-not-set');
    expect(await events(page)).toEqual(['showCookieNotice', 'hideCookieNotice', 'showRevokeNotice', 'setCookieNotice:true']);
    expect(await marked(page)).toBe(true); // redirection is off by default: no reload
    await page.reload();
    await expect(revokeButton(page)).toBeVisible();
    await expect(notice(page)).toBeHidden();
  });

  for (const how of ['Reject', 'Close'] as const) {
    test(`${how.toLowerCase()} stores false for the rejected lifetime`, async ({ page, context }) => {
      await watch(page);
      await page.goto('/about/');
      await notice(page).getByRole('button', { name: how, exact: true }).click();
      await expect(notice(page)).toBeHidden();
      const c = await cookie(context, CONSENT);
      expect(c?.value).toBe('false');
      expectLifetime(c?.expires, 30 * DAY);
      expect(await bodyClasses(page)).toEqual(expect.arrayContaining(['cookies-set', 'cookies-refused']));
      await page.reload();
      await expect(revokeButton(page)).toBeVisible();
      await expect(notice(page)).toBeHidden();
    });
  }

  test('Escape closes it (stores false) and focus goes to the main content', async ({ page, context }) => {
    await watch(page);
    await page.goto('/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(notice(page).getByRole('link', { name: 'Privacy policy' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(notice(page)).toBeHidden();
    expect((await cookie(context, CONSENT))?.value).toBe('false');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('"Cookie settings" shows the notice again; a new choice replaces the old one', async ({ page, context }) => {
    await watch(page);
    await recordEvents(page);
    await page.goto('/');
    await notice(page).getByRole('button', { name: 'Reject' }).click();
    await revokeButton(page).click();
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toBeFocused();
    await expect(revokeButton(page)).toBeHidden();
    await expectAccessible(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(notice(page).getByRole('button', { name: 'Accept' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice(page)).toBeHidden();
    expect((await cookie(context, CONSENT))?.value).toBe('true');
    await expect(revokeButton(page)).toBeFocused();
    expect(await events(page)).toEqual([
      'showCookieNotice',
      'hideCookieNotice',
      'showRevokeNotice',
      'setCookieNotice:false',
      'hideRevokeNotice',
      'showCookieNotice',
      'hideCookieNotice',
      'showRevokeNotice',
      'setCookieNotice:true',
    ]);
  });

  test('works before its island hydrates: accepted by keyboard at once, once, focus to the main content', async ({ page, context }) => {
    const { errors } = await watch(page);
    await recordEvents(page);
    const react = await holdReact(page);
    await page.goto('/');
    const accept = notice(page).getByRole('button', { name: 'Accept' });
    await accept.focus();
    await page.keyboard.press('Enter');
    // the page's notice store took the choice; the island (React) is still held back
    await expect(notice(page)).toBeHidden();
    expect((await cookie(context, CONSENT))?.value).toBe('true');
    await expect(page.locator('#main')).toBeFocused();
    await expect(revokeButton(page)).toBeVisible();
    expect(react.loaded()).toBe(true);
    // once React comes, nothing is replayed a second time
    react.release();
    await expect(page.locator('masthead-island[data-island="cookie-notice"]')).toHaveAttribute('data-hydrated', '1');
    await page.waitForTimeout(300);
    expect(await events(page)).toEqual(['showCookieNotice', 'hideCookieNotice', 'showRevokeNotice', 'setCookieNotice:true']);
    expect(errors).toEqual([]);
  });

  test('is never shown inside a frame (same-origin iframe), while the top page shows it', async ({ page }) => {
    await watch(page);
    await page.goto('/');
    await expect(notice(page)).toBeVisible();
    await page.evaluate(() => {
      const f = document.createElement('iframe');
      f.src = '/about/';
      f.title = 'About in a frame';
      f.style.cssText = 'width:800px;height:600px';
      document.querySelector('main')!.prepend(f);
    });
    const frame = page.frameLocator('iframe[title="About in a frame"]');
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
    const inner = page.frame({ url: /\/about\/$/ })!;
    // the frame ran its scripts (the GDPR bar opened) but kept the notice hidden
    await expect(frame.getByRole('button', { name: 'Privacy', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(frame.locator('#cookie-notice')).toBeHidden();
    await expect(frame.getByRole('button', { name: 'Cookie settings' })).toBeHidden();
    expect(await inner.evaluate(() => document.body.classList.contains('cookie-notice-visible'))).toBe(false);
  });
});

test.describe('GDPR notice bar', () => {
  test('opens on a first visit once the cookie choice is made; accept and the toggle store 2 / 1 for a year, kept across reloads', async ({ page, context }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    const bar = gdpr(page);
    // one privacy notice at a time: the bar waits for the cookie choice
    await expect(notice(page)).toBeVisible();
    await expect(bar).toBeHidden();
    await notice(page).getByRole('button', { name: 'Reject' }).click();
    const toggle = bar.getByRole('button', { name: 'Privacy', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(bar.getByText('This site stores a few cookies.')).toBeVisible();
    expect(await cookie(context, 'masthead_law_footer_new')).toBeUndefined();

    await bar.getByRole('button', { name: 'Accept' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByText('This site stores a few cookies.')).toBeHidden();
    const c = await cookie(context, 'masthead_law_footer_new');
    expect(c?.value).toBe('2');
    expect(c?.path).toBe('/');
    expectLifetime(c?.expires, 31536000);

    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByText('This site stores a few cookies.')).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect((await cookie(context, 'masthead_law_footer_new'))?.value).toBe('1');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(bar.getByText('This site stores a few cookies.')).toBeVisible();

    // (the bar was not hydrated on this visit: the click hydrates it and is replayed)
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect((await cookie(context, 'masthead_law_footer_new'))?.value).toBe('2');
    await page.goto('/about/');
    await expect(gdpr(page).getByRole('button', { name: 'Privacy', exact: true })).toHaveAttribute('aria-expanded', 'false');
    expect(errors).toEqual([]);
  });

  test('any stored value other than 1 means closed: shown closed from the server markup, with no React until it is used', async ({ page, context }) => {
    await context.addCookies([
      { name: 'masthead_law_footer_new', value: 'x', url: 'http://127.0.0.1/' },
      { name: CONSENT, value: 'false', url: 'http://127.0.0.1/' },
    ]);
    const { errors } = await watch(page);
    const react = watchReact(page);
    await page.goto('/about/');
    const toggle = gdpr(page).getByRole('button', { name: 'Privacy', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(gdpr(page).getByText('This site stores a few cookies.')).toBeHidden();
    // one toggle in the accessibility tree, the other state's out of it
    await expect(gdpr(page).getByRole('button')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 2000 })));
    expect(react).toEqual([]);
    // used by keyboard: the key hydrates it and is replayed; the focus stays on the toggle shown
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(gdpr(page).getByText('This site stores a few cookies.')).toBeVisible();
    await expect(toggle).toBeFocused();
    expect(react.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

/** axe on the embeds only (the rest of the page belongs to other features' tests). */
async function expectEmbedsAccessible(page: Page) {
  const r = await new AxeBuilder({ page }).include('.video-facade').include('.map-block').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

test.describe('embeds from outside services', () => {
  // players and map tiles from outside services (which may set cookies)
  const outside = (r: Request) => /youtube|vimeo|openstreetmap/.test(r.url());

  test('videos show a click-to-load placeholder until consent; "Load video" loads that one only', async ({ page, context }) => {
    const { errors } = await watch(page);
    const requests: string[] = [];
    page.on('request', (r) => outside(r) && requests.push(r.url()));
    await page.goto('/studio-sessions/');
    const facades = page.locator('.video-facade:not([data-provider="local"])');
    const count = await facades.count();
    expect(count).toBeGreaterThan(0);
    const loadButtons = page.getByRole('button', { name: 'Load video' });
    await expect(loadButtons).toHaveCount(count);
    await expect(page.getByText('This video is played from an outside service that may set cookies.').first()).toBeVisible();
    await expect(facades.first().getByRole('button', { name: /^Play video/ })).toBeHidden();
    await expectEmbedsAccessible(page);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);

    await loadButtons.first().click();
    await expect(facades.first()).not.toHaveAttribute('data-consent-blocked');
    await expect(loadButtons).toHaveCount(count - 1);
    // a one-off: nothing stored, the notice still waits for an answer
    expect(await cookie(context, CONSENT)).toBeUndefined();
    await expect(notice(page)).toBeVisible();
  });

  test('maps show the placeholder until consent; accepting cookies releases every embed', async ({ page }) => {
    await watch(page);
    const requests: string[] = [];
    page.on('request', (r) => outside(r) && requests.push(r.url()));
    await page.goto('/harbour-district-guide/');
    const loadMap = page.getByRole('button', { name: 'Load map' });
    await expect(loadMap).toHaveCount(2);
    await expect(page.getByText('This map is loaded from an outside service that may set cookies.').first()).toBeVisible();
    // the placeholder's own "Load map" link to the map site steps aside while the button is there
    await expect(page.getByRole('link', { name: 'Load map' })).toHaveCount(0);
    await expectEmbedsAccessible(page);
    expect(requests).toEqual([]);
    await notice(page).getByRole('button', { name: 'Accept' }).click();
    await expect(loadMap).toHaveCount(0);
    await expect(page.locator('[data-consent-blocked]')).toHaveCount(0);
    await page.goto('/studio-sessions/');
    await expect(page.locator('.video-facade').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load video' })).toHaveCount(0);
  });

  test('a rejection keeps the placeholders', async ({ page }) => {
    await watch(page);
    await page.goto('/quiet-mornings/');
    await notice(page).getByRole('button', { name: 'Reject' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Load video' })).toHaveCount(1);
  });
});

test.describe('page views', () => {
  test('without a configured property nothing is requested from googletagmanager, even after consent', async ({ page }) => {
    await watch(page);
    let tagRequests = 0;
    await page.route('https://www.googletagmanager.com/**', (route) => {
      tagRequests += 1;
      return route.abort();
    });
    await page.goto('/');
    await notice(page).getByRole('button', { name: 'Accept' }).click();
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(tagRequests).toBe(0);
  });

  test('our own view counter counts without consent and sets no cookie, not even the visitor id', async ({ page, context, request }) => {
    await watch(page);
    const postId = (await pageVarsOf(request, '/lemon-olive-oil-cake/')).postId!;
    const before = await viewsOf(postId);
    const counted = page.waitForRequest((r) => r.url().endsWith('/api/theme') && r.method() === 'POST' && (r.postData() ?? '').includes('masthead_count_view'));
    await page.goto('/lemon-olive-oil-cake/');
    const req = await counted;
    expect((await req.response())?.status()).toBe(200);
    await expect.poll(() => viewsOf(postId)).toBe(before + 1);
    // the visitor id is set only when the visitor likes or rates (post-widgets.spec.ts)
    expect((await context.cookies()).map((c) => c.name)).toEqual([]);
  });
});

test.describe('with non-default settings', () => {
  test.describe.configure({ mode: 'serial' });
  let original: Settings['cookieNotice'];
  let originalAnalytics: Settings['analytics'];
  test.beforeAll(async () => {
    original = await readSetting('cookieNotice');
    originalAnalytics = await readSetting('analytics');
  });
  test.afterAll(async ({ request }) => {
    await writeSetting('cookieNotice', original);
    await writeSetting('analytics', originalAnalytics);
    await waitForPageVars(request, (v) => v.cookieNotice.redirection === original.redirection && v.cookieNotice.onScroll === original.onScroll && v.analytics.key === originalAnalytics.key);
  });

  test('redirection without cache: accepting reloads the same address; a first rejection does not', async ({ page, request }) => {
    await writeSetting('cookieNotice', { ...original, redirection: true, cache: false });
    await waitForPageVars(request, (v) => v.cookieNotice.redirection && !v.cookieNotice.cache);
    await watch(page);
    await page.goto('/about/?from=home#team');
    await mark(page);
    await notice(page).getByRole('button', { name: 'Reject' }).click();
    await expect(revokeButton(page)).toBeVisible();
    expect(await marked(page)).toBe(true);

    await revokeButton(page).click();
    const reloaded = page.waitForEvent('load');
    await notice(page).getByRole('button', { name: 'Accept' }).click();
    await reloaded;
    expect(await marked(page)).toBe(false);
    expect(page.url()).toMatch(/\/about\/\?from=home#team$/);
    await expect(notice(page)).toBeHidden();

    // the same choice again changes nothing: no reload
    await mark(page);
    await revokeButton(page).click();
    await notice(page).getByRole('button', { name: 'Accept' }).click();
    await expect(revokeButton(page)).toBeVisible();
    expect(await marked(page)).toBe(true);
  });

  test('redirection with cache: the reload address gets cn-reloaded=1, keeping the query and hash', async ({ page, request }) => {
    await writeSetting('cookieNotice', { ...original, redirection: true, cache: true });
    await waitForPageVars(request, (v) => v.cookieNotice.redirection && v.cookieNotice.cache);
    await watch(page);
    await page.goto('/about/?from=home#team');
    const navigated = page.waitForURL(/\/about\/\?from=home&cn-reloaded=1#team$/);
    await notice(page).getByRole('button', { name: 'Accept' }).click();
    await navigated;
    await expect(notice(page)).toBeHidden();
    await expect(revokeButton(page)).toBeVisible();
  });

  test('accept on scroll: only strictly past the offset', async ({ page, request }) => {
    await writeSetting('cookieNotice', { ...original, onScroll: true, onScrollOffset: 400, onClick: false });
    await waitForPageVars(request, (v) => v.cookieNotice.onScroll && v.cookieNotice.onScrollOffset === 400);
    await watch(page);
    await page.goto('/welcome-to-the-new-edition/');
    await expect(notice(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await page.waitForTimeout(300);
    await expect(notice(page)).toBeVisible();
    expect(await cookie(page.context(), CONSENT)).toBeUndefined();
    await page.evaluate(() => window.scrollTo({ top: 401, behavior: 'instant' }));
    await expect(notice(page)).toBeHidden();
    expect((await cookie(page.context(), CONSENT))?.value).toBe('true');
  });

  test('accept on click outside the notice; clicks inside it do not count', async ({ page, request }) => {
    await writeSetting('cookieNotice', { ...original, onScroll: false, onClick: true });
    await waitForPageVars(request, (v) => v.cookieNotice.onClick && !v.cookieNotice.onScroll);
    await watch(page);
    await page.goto('/about/');
    await notice(page).getByText('We use cookies').click();
    await expect(notice(page)).toBeVisible();
    expect(await cookie(page.context(), CONSENT)).toBeUndefined();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(notice(page)).toBeHidden();
    expect((await cookie(page.context(), CONSENT))?.value).toBe('true');
  });

  test('analytics: nothing before consent or after a rejection; the property loads from the first page after acceptance', async ({ page, request }) => {
    await writeSetting('cookieNotice', original);
    await writeSetting('analytics', { key: 'G-E2ETEST01' });
    await waitForPageVars(request, (v) => v.analytics.key === 'G-E2ETEST01' && !v.cookieNotice.onClick);
    await watch(page);
    const tagRequests: string[] = [];
    await page.route('https://www.googletagmanager.com/**', (route) => {
      tagRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stub of the Google tag */' });
    });
    await page.goto('/lemon-olive-oil-cake/');
    await page.waitForLoadState('networkidle');
    expect(tagRequests).toEqual([]);
    await notice(page).getByRole('button', { name: 'Reject' }).click();
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(tagRequests).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

    // a page sent without consent does not allow the tag's host (CSP): accepting on it loads nothing
    expect((await request.get('/lemon-olive-oil-cake/')).headers()['content-security-policy']).not.toContain('googletagmanager');
    await revokeButton(page).click();
    await notice(page).getByRole('button', { name: 'Accept' }).click();
    await page.waitForTimeout(500);
    expect(tagRequests).toEqual([]);

    // the next page, sent with the consent cookie, allows it and loads it with its page view
    const next = await page.goto('/lemon-olive-oil-cake/');
    expect(next?.headers()['content-security-policy']).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    await expect.poll(() => tagRequests).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2ETEST01']);
    const layer = await page.evaluate(() => ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).map((a) => [...a].filter((x) => typeof x === 'string')));
    expect(layer).toContainEqual(['config', 'G-E2ETEST01']);
  });

  test('analytics: a post-in-view change is reported as a page view, only with consent', async ({ page, context, request }) => {
    await waitForPageVars(request, (v) => v.analytics.key === 'G-E2ETEST01');
    await watch(page);
    const tagRequests: string[] = [];
    await page.route('https://www.googletagmanager.com/**', (route) => {
      tagRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    const views: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/theme') && (r.postData() ?? '').includes('masthead_count_view')) views.push(/name="post_id"\r\n\r\n(\d+)/.exec(r.postData() ?? '')?.[1] ?? '?');
    });
    const pageViews = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
          .map((a) => [...a])
          .filter((a) => a[0] === 'event' && a[1] === 'page_view')
          .map((a) => new URL((a[2] as { page_location: string }).page_location).pathname),
      );
    /** Reads to the end of the first post, then into the appended previous post; answers its address and id. */
    const readIntoPreviousPost = async () => {
      await page.goto('/welcome-to-the-new-edition/');
      const blocks = page.locator('.single-wrapper > .post-block');
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      await expect(blocks).toHaveCount(2, { timeout: 10_000 });
      const second = blocks.nth(1);
      const url = (await second.getAttribute('data-current-url'))!;
      await second.evaluate((el) => window.scrollTo({ top: window.scrollY + el.getBoundingClientRect().top + 10, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe(url);
      return { url, id: (await second.getAttribute('data-postid'))! };
    };

    // no consent: our counter counts the post in view, analytics hears nothing
    const first = await readIntoPreviousPost();
    await expect.poll(() => views).toContain(first.id);
    expect(await pageViews()).toEqual([]);
    expect(tagRequests).toEqual([]);

    // with consent: the same change is also a page view for the property
    await context.addCookies([{ name: CONSENT, value: 'true', url: 'http://127.0.0.1/' }]);
    views.length = 0;
    const second = await readIntoPreviousPost();
    await expect.poll(pageViews).toEqual([second.url]);
    await expect.poll(() => views).toContain(second.id);
    expect(tagRequests).toHaveLength(1);
  });
});
