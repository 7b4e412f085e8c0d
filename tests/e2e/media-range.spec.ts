/**
 * An uploaded video is fetched by byte ranges (206) and a player can seek in it: what Safari needs
 * before it plays a video at all, and what every player does to jump (src/server/http/range.ts).
 */
import { test, expect } from '@playwright/test';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../../playwright.config.ts';

test('an uploaded video is answered by byte ranges and can be seeked', async ({ page }) => {
  const dir = path.join(dataDir, 'uploads', 'e2e-range');
  mkdirSync(dir, { recursive: true });
  const video = path.resolve('content/demo/images/dawn-loop.webm');
  copyFileSync(video, path.join(dir, 'dawn-loop.webm'));
  const src = '/media/uploads/e2e-range/dawn-loop.webm';
  const answers: { status: number; acceptRanges: string | undefined; contentRange: string | undefined }[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === src) answers.push({ status: r.status(), acceptRanges: r.headers()['accept-ranges'], contentRange: r.headers()['content-range'] });
  });
  await page.goto('/');
  const played = await page.evaluate(async (url) => {
    const v = document.createElement('video');
    v.muted = true;
    v.preload = 'auto';
    v.src = url;
    document.body.append(v);
    await new Promise((ok, fail) => {
      v.addEventListener('loadedmetadata', ok, { once: true });
      v.addEventListener('error', () => fail(new Error(`video error ${v.error?.code}`)), { once: true });
    });
    const target = v.duration / 2;
    v.currentTime = target;
    await new Promise((ok) => v.addEventListener('seeked', ok, { once: true }));
    return { duration: v.duration, target, current: v.currentTime, seekable: v.seekable.length ? v.seekable.end(0) : 0 };
  }, src);
  expect(played.duration).toBeGreaterThan(0);
  expect(Math.abs(played.current - played.target)).toBeLessThan(0.5);
  // the whole length is seekable, not only what has been downloaded
  expect(played.seekable).toBeCloseTo(played.duration, 1);
  // the browser asked for a range and got one
  expect(answers.length).toBeGreaterThan(0);
  expect(answers[0]).toMatchObject({ status: 206, acceptRanges: 'bytes' });
  expect(answers[0]!.contentRange).toMatch(new RegExp(`^bytes 0-\\d+/${statSync(video).size}$`));
});
