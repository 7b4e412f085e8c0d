import type { Page } from '@playwright/test';

/** text only React's own packages carry (as scripts/bench.ts tells them apart) */
const REACT_MARKERS = /react\.transitional\.element|__REACT_DEVTOOLS_GLOBAL_HOOK__/;

/**
 * Holds back React's modules (found by their content, not their hashed names) until `release()`:
 * what a page does before any island can hydrate. `loaded()` says whether the page asked for React.
 */
export async function holdReact(page: Page) {
  let asked = false;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/_astro/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (REACT_MARKERS.test(body.toString('utf8'))) {
      asked = true;
      await released;
    }
    await route.fulfill({ response, body });
  });
  return { release, loaded: () => asked };
}

/** Records whether the page loads any of React's modules (a first visit that touches nothing should not). */
export function watchReact(page: Page) {
  const urls: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body && REACT_MARKERS.test(body.toString('utf8'))) urls.push(new URL(res.url()).pathname);
  });
  return urls;
}
