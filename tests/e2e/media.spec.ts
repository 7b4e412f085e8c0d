import { test, expect, type Page, type Locator, type BrowserContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watch } from './support/page.ts';

/**
 * Media (sliders and carousels, galleries and the lightbox, lazy loading, parallax, maps) on the
 * demo content, in real Chromium through the real server. Outside requests never leave the
 * machine: map tiles and the geocoder are answered here with page.route.
 */

const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4399';
/** 1×1 transparent PNG, the answer to every tile request */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function consent(context: BrowserContext) {
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'true', url: BASE },
    { name: 'masthead_law_footer_new', value: '2', url: BASE },
  ]);
}

/** Numbers (1-based, from "Slide n of m") of the slides mostly inside the slider's viewport. */
async function slidesInView(root: Locator): Promise<number[]> {
  return root.evaluate((el) => {
    const vp = el.querySelector('.slider__viewport')!.getBoundingClientRect();
    const out: number[] = [];
    for (const s of el.querySelectorAll<HTMLElement>('.slider__slide')) {
      const r = s.getBoundingClientRect();
      const visible = Math.max(0, Math.min(r.right, vp.right) - Math.max(r.left, vp.left));
      if (visible > r.width * 0.6) out.push(Number(/\d+/.exec(s.getAttribute('aria-label') ?? '')?.[0]));
    }
    return out.sort((a, b) => a - b);
  });
}

const featured = (page: Page) => page.getByRole('region', { name: 'Featured stories' });
const carousel = (page: Page) => page.locator('section.carousel');
const lightbox = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });

test.describe('home sliders and carousels', () => {
  test.beforeEach(async ({ context }) => consent(context));

  test('the featured slider auto-plays every 5 s, pauses while hovered and restarts when the mouse leaves', async ({ page }) => {
    const { errors } = await watch(page);
    const code: string[] = [];
    page.on('request', (r) => /\/_astro\/Slider\./.test(r.url()) && code.push(r.url()));
    // the page's time stands still but for runFor (waiting for the network does not move it)
    const t0 = Date.UTC(2026, 5, 1, 8);
    await page.clock.install({ time: t0 });
    await page.clock.pauseAt(t0 + 1000);
    const started = page.waitForResponse((r) => /\/_astro\/slider-start\./.test(r.url()));
    await page.goto('/');
    const slider = featured(page);
    await expect(slider).toHaveAttribute('aria-roledescription', 'carousel');
    // the slider's start (no React) runs at idle and counts the delay from when the slider is seen
    await page.clock.runFor(100);
    await started;
    await page.waitForTimeout(300);
    await page.clock.runFor(3000);
    expect(code, 'the slider component is not loaded before it is needed').toEqual([]);
    await expect(slider).not.toHaveAttribute('data-autoplay');
    // 1.5 s before the first step the component arrives, and keeps the time counted
    await page.clock.runFor(700);
    await expect(slider).toHaveAttribute('data-autoplay', 'playing');
    expect(await slidesInView(slider)).toEqual([1]);
    await page.clock.runFor(800);
    expect(await slidesInView(slider)).toEqual([1]);
    await page.clock.runFor(400 + 900); // 5 s after it came into view, then the 600 ms scroll
    await expect.poll(() => slidesInView(slider)).toEqual([2]);

    await slider.hover();
    await expect(slider).toHaveAttribute('data-autoplay', 'paused');
    await page.clock.runFor(12_000);
    expect(await slidesInView(slider)).toEqual([2]);

    await page.mouse.move(5, 790); // leave
    await expect(slider).toHaveAttribute('data-autoplay', 'playing');
    await page.clock.runFor(5900);
    await expect.poll(() => slidesInView(slider)).toEqual([3]);
    expect(errors).toEqual([]);
  });

  test('a pause/play control stops rotation (WCAG 2.2.2); a hidden tab and focus inside pause it too', async ({ page }) => {
    await watch(page);
    await page.clock.install();
    await page.goto('/');
    const slider = featured(page);
    // a pointer over it brings the component (hover pauses it until the pointer leaves)
    await slider.hover();
    await page.mouse.move(5, 790);
    const pause = slider.getByRole('button', { name: 'Pause automatic slide show' });
    await expect(pause).toBeVisible();
    await pause.click();
    const play = slider.getByRole('button', { name: 'Start automatic slide show' });
    await expect(play).toBeVisible();
    await page.mouse.move(5, 790);
    await page.clock.runFor(15_000);
    expect(await slidesInView(slider)).toEqual([1]);
    await expect(slider).toHaveAttribute('data-autoplay', 'paused');
    await play.click();
    await page.mouse.move(5, 790);
    await expect(slider).toHaveAttribute('data-autoplay', 'playing');

    // the tab is hidden: paused until it shows again
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(slider).toHaveAttribute('data-autoplay', 'paused');
    await page.clock.runFor(12_000);
    expect(await slidesInView(slider)).toEqual([1]);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(slider).toHaveAttribute('data-autoplay', 'playing');

    // keyboard focus inside (a slide's link) pauses it
    await slider.getByRole('link').first().focus();
    await expect(slider).toHaveAttribute('data-autoplay', 'paused');
    await page.locator('body').focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(slider).toHaveAttribute('data-autoplay', 'playing');
  });

  test('previous and next work from the keyboard, and arrow keys move the slider', async ({ page }) => {
    await watch(page);
    await page.goto('/');
    const slider = featured(page);
    // the focus brings the component
    await slider.getByRole('button', { name: 'Next' }).focus();
    await expect(slider).toHaveClass(/is-enhanced/);
    await page.keyboard.press('Enter');
    await expect.poll(() => slidesInView(slider)).toEqual([2]);
    await page.keyboard.press('Space');
    await expect.poll(() => slidesInView(slider)).toEqual([3]);
    await slider.getByRole('button', { name: 'Previous' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => slidesInView(slider)).toEqual([2]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slidesInView(slider)).toEqual([3]);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slidesInView(slider)).toEqual([2]);
    // loop: back from the first slide goes to the last
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slidesInView(slider)).toEqual([1]);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slidesInView(slider)).toEqual([4]);
  });

  test('a slider swiped before its component arrives stays on the slide it shows', async ({ page }) => {
    await watch(page);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // (no automatic step to bring the component)
    await page.goto('/');
    const slider = featured(page);
    // the server's CSS strip, swiped to the third slide
    await slider.locator('.slider__track').evaluate((el) => el.scrollTo({ left: 2 * el.clientWidth, behavior: 'instant' }));
    await expect.poll(() => slidesInView(slider)).toEqual([3]);
    await expect(slider).not.toHaveClass(/is-enhanced/);
    await slider.hover();
    await expect(slider).toHaveClass(/is-enhanced/);
    expect(await slidesInView(slider)).toEqual([3]);
    await slider.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => slidesInView(slider)).toEqual([4]);
  });

  test('the carousel shows 4 cards at 1280 px and pages by 4', async ({ page }) => {
    await watch(page);
    await page.goto('/');
    const c = carousel(page);
    await c.hover();
    await expect(c).toHaveClass(/is-enhanced/);
    expect(await slidesInView(c)).toEqual([1, 2, 3, 4]);
    const prev = c.getByRole('button', { name: 'Previous' });
    await expect(prev).toBeDisabled();
    await c.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => slidesInView(c)).toEqual([5, 6, 7, 8]);
    await expect(c.getByRole('button', { name: 'Next' })).toBeDisabled();
    await prev.click();
    await expect.poll(() => slidesInView(c)).toEqual([1, 2, 3, 4]);
  });

  test('the carousel shows one card at 375 px and moves one at a time', async ({ page }) => {
    await watch(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const c = carousel(page);
    await c.hover();
    await expect(c).toHaveClass(/is-enhanced/);
    expect(await slidesInView(c)).toEqual([1]);
    await c.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => slidesInView(c)).toEqual([2]);
    await c.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => slidesInView(c)).toEqual([3]);
  });

  test('reduced motion: no auto-play and no pause control', async ({ page }) => {
    await watch(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const slider = featured(page);
    await page.mouse.move(5, 790);
    await page.clock.runFor(16_000);
    expect(await slidesInView(slider)).toEqual([1]);
    // nothing moves by itself, so nothing loads until the visitor uses it; a click before the
    // component arrives is replayed to it
    await expect(slider).not.toHaveClass(/is-enhanced/);
    await slider.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => slidesInView(slider)).toEqual([2]);
    await expect(slider).toHaveClass(/is-enhanced/);
    await expect(slider.getByRole('button', { name: /automatic slide show/ })).toHaveCount(0);
  });

  test('sliders and carousels pass axe', async ({ page }) => {
    await watch(page);
    await page.goto('/');
    await carousel(page).hover();
    await expect(carousel(page)).toHaveClass(/is-enhanced/);
    const results = await new AxeBuilder({ page }).include('.featured-slider').include('.carousel').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });
  test('the slider track is a CSS scroll-snap strip and gallery images show from <noscript>', async ({ page }) => {
    await page.goto('/');
    const track = page.locator('.featured-slider .slider__track');
    expect(await track.evaluate((el) => [getComputedStyle(el).overflowX, getComputedStyle(el).scrollSnapType])).toEqual(['auto', 'x mandatory']);
    await track.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await page.goto('/streets-after-rain/');
    const first = page.locator('.gallery--justified .gallery__item').first();
    await first.scrollIntoViewIfNeeded();
    await expect(first.locator('img.lazy')).toBeHidden();
    // without script, <noscript> content is real markup: its image is there and loads
    const copy = first.locator('noscript img');
    await expect(copy).toBeVisible();
    await expect(copy).toHaveAttribute('src', '/media/demo/rain-1-480.webp');
    await expect.poll(() => copy.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });
});

test.describe('videos without script', () => {
  test.use({ javaScriptEnabled: false });
  test('the play control and the playlist items are links to the videos\' pages', async ({ page }) => {
    await page.goto('/studio-sessions/');
    const play = page.locator('.video-block').getByRole('link', { name: 'Play video: Cosmos Laundromat: First Cycle' });
    await expect(play).toBeVisible();
    await expect(play).toHaveAttribute('href', 'https://www.youtube.com/watch?v=Y-rmzh0PI3c');
    await expect(page.locator('.video-block').getByRole('button')).toHaveCount(0);
    const list = page.locator('.video-playlist').getByRole('list');
    await expect(list.getByRole('link', { name: /Sintel/ })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=eRsGyueVLvQ');
    await expect(list.getByRole('button')).toHaveCount(0);
  });
});

test.describe('galleries and the lightbox (streets-after-rain)', () => {
  test('justified rows (N230): one height per row, the margin between pictures, full rows as wide as the gallery, the last row at the row height', async ({ page }) => {
    await page.goto('/streets-after-rain/');
    const gallery = page.locator('.gallery--justified').first();
    await gallery.scrollIntoViewIfNeeded();
    const g = await gallery.evaluate((el) => {
      const cs = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const pictures = [...el.querySelectorAll(':scope > .gallery__item img')].map((i) => {
        const r = i.getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height };
      });
      return { rowHeight: Number.parseFloat(cs.getPropertyValue('--row-height')), gap: Number.parseFloat(cs.getPropertyValue('--gap')), left: box.left, right: box.right, pictures };
    });
    expect(g.rowHeight).toBe(220);
    expect(g.pictures.length).toBeGreaterThan(4);
    const rows: (typeof g.pictures)[] = [];
    for (const p of [...g.pictures].sort((a, b) => a.y - b.y || a.x - b.x)) {
      const row = rows.at(-1);
      if (row && Math.abs(row[0]!.y - p.y) < 1) row.push(p);
      else rows.push([p]);
    }
    expect(rows.length).toBeGreaterThan(1);
    rows.forEach((row, i) => {
      for (const p of row) expect(Math.abs(p.h - row[0]!.h)).toBeLessThan(1);
      for (let k = 1; k < row.length; k++) expect(Math.abs(row[k]!.x - (row[k - 1]!.x + row[k - 1]!.w) - g.gap)).toBeLessThan(1);
      expect(Math.abs(row[0]!.x - g.left)).toBeLessThan(1);
      if (i < rows.length - 1) {
        // a full row grows to the gallery's width, never below the row height
        expect(Math.abs(row.at(-1)!.x + row.at(-1)!.w - g.right)).toBeLessThan(1);
        expect(row[0]!.h).toBeGreaterThanOrEqual(g.rowHeight - 1);
      } else {
        // the last row is not stretched to the width: it keeps the row height
        expect(Math.abs(row[0]!.h - g.rowHeight)).toBeLessThan(1);
      }
    });
  });

  test.beforeEach(async ({ context }) => consent(context));

  test('the lightbox loads on first interaction only, then opens with captions, arrow keys and Escape returning focus', async ({ page }) => {
    const { errors } = await watch(page);
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/lightbox\./.test(r.url())) chunks.push(r.url());
    });
    await page.goto('/streets-after-rain/');
    const gallery = page.locator('.gallery--justified');
    await gallery.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(chunks).toEqual([]);

    const links = gallery.getByRole('link', { name: /^Open image:/ });
    // the lightbox's caption is the image's caption, or its alternative text (the link's name)
    const captions = await links.evaluateAll((l) => l.map((a) => a.closest('figure')?.querySelector('figcaption')?.textContent ?? (a.getAttribute('aria-label') ?? '').replace(/^Open image: /, '')));
    const hrefs = await links.evaluateAll((l) => l.map((a) => a.getAttribute('href') ?? ''));
    const link = links.nth(1);
    await link.focus();
    await page.keyboard.press('Enter');
    const box = lightbox(page);
    await expect(box).toBeVisible();
    expect(chunks.length).toBeGreaterThan(0);
    const current = () => box.locator('.yarl__slide_current');
    await expect(current().getByText(captions[1]!)).toBeVisible();
    await expect(current().locator('img')).toHaveAttribute('src', hrefs[1]!);

    await page.keyboard.press('ArrowRight');
    await expect(current().getByText(captions[2]!)).toBeVisible();
    // one key press per slide change (the lightbox ignores keys while a change animates)
    await page.keyboard.press('ArrowLeft');
    await expect(current().getByText(captions[1]!)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(current().getByText(captions[0]!)).toBeVisible();
    await expect(current().locator('img')).toHaveAttribute('src', hrefs[0]!);
    await expect(box.getByRole('button', { name: 'Next' })).toBeVisible();
    await expect(box.getByRole('button', { name: 'Close' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
    await expect(link).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('masonry and slider galleries open the lightbox too, on their own images', async ({ page }) => {
    await watch(page);
    await page.goto('/streets-after-rain/');
    const masonry = page.locator('.gallery--masonry');
    const m = masonry.getByRole('link').nth(3);
    const mHref = (await m.getAttribute('href'))!;
    await m.click();
    await expect(lightbox(page)).toBeVisible();
    await expect(lightbox(page).locator('.yarl__slide_current img')).toHaveAttribute('src', mHref);
    await lightbox(page).getByRole('button', { name: 'Close' }).click();
    await expect(lightbox(page)).toBeHidden();
    await expect(m).toBeFocused();

    const slider = page.getByRole('region', { name: 'Gallery' });
    await slider.scrollIntoViewIfNeeded();
    // thumbnails jump to their slide (7 columns by default); the first click brings the component
    expect(await slider.locator('.gallery-slider__thumbs').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(7);
    await slider.getByRole('link', { name: 'Slide 4 of 9' }).click();
    await expect.poll(() => slidesInView(slider)).toEqual([4]);
    await expect(slider.getByRole('link', { name: 'Slide 4 of 9' })).toHaveAttribute('aria-current', 'true');
    const slideLink = slider.getByRole('group', { name: 'Slide 4 of 9' }).getByRole('link');
    const sHref = (await slideLink.getAttribute('href'))!;
    await slideLink.click();
    await expect(lightbox(page)).toBeVisible();
    await expect(lightbox(page).locator('.yarl__slide_current img')).toHaveAttribute('src', sHref);
    await page.keyboard.press('Escape');
    await expect(slideLink).toBeFocused();
  });

  test('a gallery added later (as by infinite scroll) lazy-loads its images without React and opens its own lightbox when used', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/streets-after-rain/');
    // the server's markup of the justified gallery's island, added again at the end of the page
    await page.evaluate(() => {
      const island = document.querySelector('masthead-island[data-island="gallery"]')!;
      const holder = document.createElement('div');
      holder.id = 'appended';
      holder.innerHTML = island.outerHTML;
      const copy = holder.firstElementChild as HTMLElement;
      copy.removeAttribute('data-hydrated');
      copy.querySelectorAll('img').forEach((i) => {
        i.removeAttribute('data-ll-status');
        i.removeAttribute('src');
        i.removeAttribute('srcset');
        i.className = 'lazy';
      });
      document.querySelector('.site-footer, footer')!.before(holder);
    });
    const appended = page.locator('#appended');
    await appended.scrollIntoViewIfNeeded();
    await expect(appended.locator('img.lazy').first()).toHaveAttribute('data-ll-status', 'loaded');
    // its layout is CSS: nothing is hydrated until the visitor uses it (the click is held and replayed)
    await page.waitForTimeout(500);
    await expect(appended.locator('masthead-island')).not.toHaveAttribute('data-hydrated', '1');
    const link = appended.getByRole('link', { name: /^Open image:/ }).nth(2);
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(appended.locator('masthead-island')).toHaveAttribute('data-hydrated', '1');
    await expect(lightbox(page).locator('.yarl__slide_current img')).toHaveAttribute('src', href);
    await page.keyboard.press('Escape');
    await expect(lightbox(page)).toBeHidden();
    await expect(link).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('galleries and the open lightbox pass axe', async ({ page }) => {
    await watch(page);
    await page.goto('/streets-after-rain/');
    await page.locator('.gallery--slider').scrollIntoViewIfNeeded();
    await expect(page.locator('.gallery--slider')).toHaveClass(/is-enhanced/);
    let results = await new AxeBuilder({ page }).include('.gallery').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
    await page.locator('.gallery--justified a').first().click();
    await expect(lightbox(page)).toBeVisible();
    results = await new AxeBuilder({ page }).include('.yarl__root').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
  });
});

test.describe('lazy loading statuses (vanilla-lazyload)', () => {
  test.beforeEach(async ({ context, page }) => {
    await consent(context);
    // record every status an image of the justified gallery goes through
    await page.addInitScript(() => {
      const w = window as unknown as { llLog: Record<string, (string | null)[]> };
      w.llLog = {};
      // records of one batch carry the old values; each change's new value is the next old value
      new MutationObserver((recs) => {
        const byImg = new Map<HTMLImageElement, MutationRecord[]>();
        for (const r of recs) byImg.set(r.target as HTMLImageElement, [...(byImg.get(r.target as HTMLImageElement) ?? []), r]);
        for (const [img, list] of byImg) {
          const key = (img.dataset.src ?? '').replace(/.*\//, '') + (img.closest('.gallery--justified') ? '' : '@other');
          const values = [...list.slice(1).map((r) => r.oldValue), img.getAttribute('data-ll-status')];
          (w.llLog[key] ??= []).push(...values);
        }
      }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-ll-status'] });
    });
  });
  const log = (page: Page, file: string) => page.evaluate((f) => (window as unknown as { llLog: Record<string, (string | null)[]> }).llLog[f] ?? [], file);
  const img = (page: Page, file: string) => page.locator(`.gallery--justified img.lazy[data-src$="/${file}"]`);

  test('an image goes entered → loading → loaded within 300 px of the viewport, not before', async ({ page }) => {
    await watch(page);
    await page.goto('/streets-after-rain/');
    const first = img(page, 'rain-1-480.webp');
    const top = await first.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const height = page.viewportSize()!.height;
    // the demo puts the gallery more than 300 px below the first screen
    expect(top - height).toBeGreaterThan(350);
    // at the top of the page the image is outside the 300 px threshold: untouched
    await page.waitForTimeout(400);
    await expect(first).not.toHaveAttribute('data-ll-status', /.+/);
    expect(await first.getAttribute('src')).toBeNull();
    // 150 px below the edge: inside the threshold, so it loads before it is visible
    await page.evaluate((y) => window.scrollTo(0, y), top - height - 150);
    await expect(first).toHaveAttribute('data-ll-status', 'loaded');
    expect(await first.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(height);
    await expect(first).toHaveAttribute('data-ll-status', 'loaded');
    expect(await log(page, 'rain-1-480.webp')).toEqual(['entered', 'loading', 'loaded']);
    expect(await first.getAttribute('src')).toBe('/media/demo/rain-1-480.webp');
    expect(await first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });

  test('a failed image gets the error status and is retried when the browser comes back online', async ({ page, context }) => {
    await watch(page);
    await page.route(/\/media\/demo\/rain-7-/, (r) => r.fulfill({ status: 503, body: 'down' }));
    await page.goto('/streets-after-rain/');
    const seven = img(page, 'rain-7-480.webp');
    await seven.scrollIntoViewIfNeeded();
    await expect(seven).toHaveAttribute('data-ll-status', 'error');
    expect(await log(page, 'rain-7-480.webp')).toEqual(['entered', 'loading', 'error']);
    await page.unroute(/\/media\/demo\/rain-7-/);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(seven).toHaveAttribute('data-ll-status', 'loaded');
    expect(await log(page, 'rain-7-480.webp')).toEqual(['entered', 'loading', 'error', null, 'entered', 'loading', 'loaded']);
  });

  test('an image that leaves the view while loading is cancelled, and loads when it comes back', async ({ page }) => {
    await watch(page);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/media\/demo\/rain-7-/, async (r) => {
      await held;
      await r.fallback();
    });
    await page.goto('/streets-after-rain/');
    const seven = img(page, 'rain-7-480.webp');
    await seven.scrollIntoViewIfNeeded();
    await expect(seven).toHaveAttribute('data-ll-status', 'loading');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(seven).not.toHaveAttribute('data-ll-status', /.+/);
    expect(await seven.getAttribute('src')).toBeNull();
    expect(await log(page, 'rain-7-480.webp')).toEqual(['entered', 'loading', null]);
    release();
    await seven.scrollIntoViewIfNeeded();
    await expect(seven).toHaveAttribute('data-ll-status', 'loaded');
  });
});

test.describe('lazy background pictures (vanilla-lazyload data-bg-set)', () => {
  test('a cover’s picture is applied within 300 px of the viewport, not before, with no layout shift', async ({ page }) => {
    const { errors } = await watch(page);
    await page.addInitScript(() => {
      const w = window as unknown as { bgLog: (string | null)[] };
      w.bgLog = [];
      // the old value of each change: a batch of records is read after all of them happened
      new MutationObserver((recs) => {
        for (const r of recs) if ((r.target as Element).tagName === 'SECTION') w.bgLog.push(r.oldValue);
      }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-ll-status'] });
    });
    await page.goto('/harbour-district-guide/');
    const cover = page.locator('section', { has: page.getByRole('heading', { name: 'The harbour after dark' }) });
    await expect(cover.getByRole('link', { name: /^See the night pictures\s*: The harbour after dark$/ })).toHaveAttribute('href', '/streets-after-rain/');
    const top = await cover.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const height = page.viewportSize()!.height;
    expect(top - height).toBeGreaterThan(350);
    const picture = () => cover.evaluate((el) => ({ inline: (el as HTMLElement).style.backgroundImage, computed: getComputedStyle(el).backgroundImage }));
    await page.waitForTimeout(400);
    await expect(cover).not.toHaveAttribute('data-ll-status', /.+/);
    expect((await picture()).inline).toBe('');
    const box = await cover.boundingBox();
    // 150 px below the edge: inside the threshold, so the picture is set before it is visible
    await page.evaluate((y) => window.scrollTo(0, y), top - height - 150);
    await expect(cover).toHaveAttribute('data-ll-status', 'applied');
    expect(await cover.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(height);
    // statuses in order: each old value after the first, then the current one
    expect([...(await page.evaluate(() => (window as unknown as { bgLog: (string | null)[] }).bgLog)).slice(1), 'applied']).toEqual(['entered', 'applied']);
    const { inline, computed } = await picture();
    expect(inline).toMatch(/^image-set\(url\("\/media\/demo\/rain-street-\d+\.(webp|avif)"\) 1x/);
    expect(computed).toContain('/media/demo/rain-street-');
    const url = /url\("([^"]+)"\)/.exec(inline)![1]!;
    expect((await page.request.get(url)).status()).toBe(200);
    // the cover keeps its height: the picture arriving moves nothing
    expect((await cover.boundingBox())!.height).toBe(box!.height);
    await cover.scrollIntoViewIfNeeded();
    await cover.screenshot({ path: test.info().outputPath('cover-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await cover.scrollIntoViewIfNeeded();
    await cover.screenshot({ path: test.info().outputPath('cover-390.png') });
    expect(errors).toEqual([]);
  });
});

test.describe('parallax', () => {
  test.beforeEach(async ({ context }) => consent(context));

  test('quiet-mornings: the section moves with jarallax (speed 0.5, type scroll, z-index −100)', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/quiet-mornings/');
    const section = page.locator('.parallax');
    await expect(section).toHaveAttribute('data-speed', '0.5');
    await expect(section).toHaveAttribute('data-type', 'scroll');
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-parallax', 'on');
    const container = section.locator('.jarallax-container');
    await expect(container).toHaveCount(1);
    expect(await container.evaluate((el) => getComputedStyle(el).zIndex)).toBe('-100');
    const pic = container.locator('img.parallax__img');
    await expect(pic).toHaveCount(1);
    const at = async () => pic.evaluate((el) => getComputedStyle(el).transform);
    const before = await at();
    await page.mouse.wheel(0, 200);
    await expect.poll(at).not.toBe(before);
    expect(errors).toEqual([]);
  });

  test('the home page parallax too; reduced motion keeps it static', async ({ page }) => {
    await watch(page);
    await page.goto('/');
    const section = page.locator('.parallax');
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-parallax', 'on');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    await expect(section).not.toHaveAttribute('data-parallax', 'on');
    await expect(section.locator('.jarallax-container')).toHaveCount(0);
    await expect(section.locator('img.parallax__img')).toBeVisible();
  });
});

test.describe('maps (harbour-district-guide)', () => {
  const tiles: string[] = [];
  const geocodes: string[] = [];
  async function outside(page: Page, geocode: 'found' | 'empty' | 'error') {
    tiles.length = 0;
    geocodes.length = 0;
    await page.route('https://tile.openstreetmap.org/**', (r) => {
      tiles.push(r.request().url());
      return r.fulfill({ contentType: 'image/png', body: PNG });
    });
    await page.route('https://nominatim.openstreetmap.org/**', (r) => {
      geocodes.push(r.request().url());
      if (geocode === 'error') return r.fulfill({ status: 503, body: 'busy' });
      return r.fulfill({ contentType: 'application/json', body: JSON.stringify(geocode === 'found' ? [{ lat: '53.5413', lon: '9.9841', display_name: 'Elbphilharmonie' }] : []) });
    });
  }
  const maps = (page: Page) => page.locator('.map-block__canvas');

  test('load only after consent; then the coordinates map and the geocoded address map show their markers', async ({ page, context }) => {
    const { errors } = await watch(page);
    await outside(page, 'found');
    await context.addCookies([{ name: 'masthead_law_footer_new', value: '2', url: BASE }]);
    await page.goto('/harbour-district-guide/');
    const [byCoords, byAddress] = [maps(page).nth(0), maps(page).nth(1)];
    await byCoords.scrollIntoViewIfNeeded();
    await expect(byCoords.getByRole('button', { name: 'Load map' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(tiles).toEqual([]);
    expect(geocodes).toEqual([]);

    await page.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(byCoords).toHaveAttribute('data-map-state', 'ready');
    await expect(byCoords.locator('.leaflet-tile-loaded').first()).toBeAttached();
    expect(tiles.length).toBeGreaterThan(0);
    // the block's zoom (15) and the configured tile URL
    const tileSrcs = await byCoords.locator('img.leaflet-tile').evaluateAll((l) => l.map((i) => i.getAttribute('src') ?? ''));
    expect(tileSrcs.length).toBeGreaterThan(0);
    expect(tileSrcs.every((t) => /^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/.test(t))).toBe(true);
    await expect(byCoords.getByRole('button', { name: 'Speicherstadt' })).toBeVisible(); // the marker
    await expect(byCoords.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    await expect(byCoords.locator('.leaflet-control-scale')).toBeVisible();
    await expect(byCoords.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
    await byCoords.getByRole('button', { name: 'Speicherstadt' }).click();
    await expect(byCoords.locator('.leaflet-popup')).toContainText('Warehouse district and canals');

    await byAddress.scrollIntoViewIfNeeded();
    await expect(byAddress).toHaveAttribute('data-map-state', 'ready');
    expect(geocodes).toHaveLength(1);
    expect(decodeURIComponent(geocodes[0]!)).toContain('q=Platz der Deutschen Einheit 4, 20457 Hamburg, Germany');
    await expect(byAddress.getByRole('button', { name: 'Elbphilharmonie' })).toBeVisible();
    expect(tiles.some((t) => /\/16\/\d+\/\d+\.png$/.test(t))).toBe(true); // the block's zoom after geocoding
    await expect(page.getByRole('alert').filter({ hasText: 'The address could not be found on the map.' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('"Load map" loads that one map without accepting cookies', async ({ page, context }) => {
    await watch(page);
    await outside(page, 'found');
    await context.addCookies([{ name: 'masthead_law_footer_new', value: '2', url: BASE }]);
    await page.goto('/harbour-district-guide/');
    await page.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Reject', exact: true }).click();
    const [byCoords, byAddress] = [maps(page).nth(0), maps(page).nth(1)];
    await byCoords.scrollIntoViewIfNeeded();
    await byCoords.getByRole('button', { name: 'Load map' }).click();
    await expect(byCoords).toHaveAttribute('data-map-state', 'ready');
    await byAddress.scrollIntoViewIfNeeded();
    await expect(byAddress.getByRole('button', { name: 'Load map' })).toBeVisible();
    expect(geocodes).toEqual([]);
  });

  for (const kind of ['empty', 'error'] as const) {
    test(`a failed geocode (${kind === 'empty' ? 'nothing found' : 'service error'}) shows a message and keeps the default centre`, async ({ page, context }) => {
      const { errors } = await watch(page);
      await consent(context);
      await outside(page, kind);
      await page.goto('/harbour-district-guide/');
      const byAddress = maps(page).nth(1);
      await byAddress.scrollIntoViewIfNeeded();
      await expect(byAddress).toHaveAttribute('data-map-state', 'geocode-failed');
      await expect(page.getByRole('alert').filter({ hasText: 'The address could not be found on the map.' })).toBeVisible();
      await expect(byAddress.locator('.leaflet-marker-icon')).toHaveCount(0);
      expect(tiles.some((t) => /\/2\/\d+\/\d+\.png$/.test(t))).toBe(true); // the default centre's world view
      await expect(maps(page).nth(0)).toHaveAttribute('data-map-state', 'ready');
      // the page stays usable: its map still zooms
      await byAddress.getByRole('button', { name: 'Zoom in' }).click();
      expect(errors.filter((e) => !/503|Failed to load resource/.test(e))).toEqual([]);
    });
  }
});
