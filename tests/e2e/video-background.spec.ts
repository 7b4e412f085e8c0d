/**
 * Video background (SPEC 2 and 9): the parallax section of `first-light` plays a local video behind
 * its text, muted and looped, only while it is in view, and never with reduced motion (the picture
 * stays). The section's picture is the poster until the video plays.
 */
import { test, expect, type Page } from '@playwright/test';
import { watch } from './support/page.ts';

const POST = '/first-light/';
const section = (page: Page) => page.locator('.single-wrapper > .post-block').first().locator('.parallax', { has: page.getByRole('heading', { name: 'Six seconds of first light' }) });
const video = (page: Page) => section(page).locator('video');
const time = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
});

test('plays muted and looped while in view, and pauses off-screen', async ({ page }) => {
  const { errors } = await watch(page);
  await page.goto(POST);
  // the picture is there before any video
  await expect(section(page).locator('img')).toHaveCount(1);
  await section(page).scrollIntoViewIfNeeded();
  await expect(video(page)).toHaveCount(1);
  const v = await video(page).evaluate((el: HTMLVideoElement) => ({ muted: el.muted, loop: el.loop, src: el.currentSrc }));
  expect(v.muted).toBe(true);
  expect(v.loop).toBe(true);
  expect(v.src).toMatch(/\/media\/demo\/dawn-loop\.webm$/);
  const t0 = await time(page);
  await expect.poll(() => time(page), { timeout: 5000 }).toBeGreaterThan(t0 + 0.5);
  // far away (the end of the page, a screen and more below it): paused
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await section(page).evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(0);
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.paused), { timeout: 5000 }).toBe(true);
  const stopped = await time(page);
  await page.waitForTimeout(600);
  expect(await time(page)).toBe(stopped);
  // back in view: plays again
  await section(page).scrollIntoViewIfNeeded();
  await expect.poll(() => time(page), { timeout: 5000 }).toBeGreaterThan(stopped + 0.3);
  expect(errors).toEqual([]);
});

test('with reduced motion no video plays: the picture stays', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(POST);
  await section(page).scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  await expect(video(page)).toHaveCount(0);
  await expect(section(page).locator('img')).toBeVisible();
});

/**
 * A stand-in for YouTube's embed page (the tests never leave 127.0.0.1): it speaks the player's
 * message protocol, starts playing when the page listens, and keeps the commands it was sent.
 */
const FAKE_PLAYER = `<!doctype html><title>player</title><body style="margin:0;background:#123"><script>
window.commands = [];
const state = (info) => parent.postMessage(JSON.stringify({ event: 'onStateChange', info }), '*');
addEventListener('message', (e) => {
  const m = JSON.parse(e.data);
  window.commands.push(m.func || m.event);
  if (m.event === 'listening') state(1);
  if (m.func === 'playVideo') state(1);
  if (m.func === 'pauseVideo') state(2);
});
</script></body>`;

test('an outside video plays in a bare player frame, driven by messages, with no player script in the page', async ({ page }) => {
  const { errors } = await watch(page);
  // the demo section, given a YouTube video instead of its local file
  await page.route('**/first-light/', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: (await res.text()).replace(/data-video-src="[^"]*"/, 'data-video-src="https://www.youtube.com/watch?v=Y-rmzh0PI3c"') });
  });
  const asked: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: FAKE_PLAYER });
  });
  await page.goto(POST);
  await section(page).scrollIntoViewIfNeeded();
  // no consent yet: the section offers "Load video"
  await section(page).getByRole('button', { name: 'Load video' }).click();
  const frame = section(page).locator('iframe');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('tabindex', '-1');
  // once it plays, the frame covers the section in place of its picture
  await expect(section(page).locator('img')).toBeHidden();
  const box = await frame.boundingBox();
  const area = (await section(page).boundingBox())!;
  expect(box!.width).toBeGreaterThanOrEqual(area.width - 1);
  expect(asked).toHaveLength(1);
  expect(new URL(asked[0]!).pathname).toBe('/embed/Y-rmzh0PI3c');
  expect(new URL(asked[0]!).searchParams.get('mute')).toBe('1');
  const player = page.frames().find((f) => f.url().startsWith('https://www.youtube-nocookie.com/'))!;
  // off-screen: paused by a message
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => player.evaluate(() => (window as unknown as { commands: string[] }).commands)).toContain('pauseVideo');
  expect(await page.locator('script[src*="youtube.com"], script[src*="vimeo.com"]').count()).toBe(0);
  expect(errors).toEqual([]);
});
