import { test, expect, type Page } from '@playwright/test';
import { watch } from './support/page.ts';

/**
 * Map types and controls (SPEC 3 map options, issue 15 item 9) on the harbour guide's coordinates
 * map. The block's options are switched in the page as the server sends it (the demo keeps its two
 * road maps), so the island hydrates with other options as it would for an edited block (the patch changes
 * every place the server wrote them).
 * Every tile request is answered here with a tiny PNG: nothing leaves the machine.
 */
const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4399';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const TILE_HOSTS = /^https:\/\/(tile\.openstreetmap\.org|server\.arcgisonline\.com|[abc]\.tile\.opentopomap\.org)\//;

async function open(page: Page, patch: Record<string, string>) {
  const tiles: string[] = [];
  const { errors } = await watch(page);
  await page.context().addCookies([
    { name: 'cookie_notice_accepted', value: 'true', url: BASE },
    { name: 'masthead_law_footer_new', value: '2', url: BASE },
  ]);
  await page.route(TILE_HOSTS, (r) => {
    tiles.push(r.request().url());
    return r.fulfill({ contentType: 'image/png', body: PNG });
  });
  await page.route('https://nominatim.openstreetmap.org/**', (r) => r.fulfill({ contentType: 'application/json', body: '[{"lat":"53.5413","lon":"9.9841"}]' }));
  await page.route('**/harbour-district-guide/', async (r) => {
    const res = await r.fetch();
    let html = await res.text();
    for (const [from, to] of Object.entries(patch)) html = html.split(from).join(to);
    return r.fulfill({ response: res, body: html });
  });
  await page.goto('/harbour-district-guide/');
  const map = page.locator('.map-block__canvas').first();
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute('data-map-state', 'ready');
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeAttached();
  return { map, tiles, errors };
}

const srcs = (page: Page) => page.locator('.map-block__canvas').first().locator('.leaflet-tile-pane img.leaflet-tile').evaluateAll((l) => l.map((i) => i.getAttribute('src') ?? ''));

test('each map type draws its own configured tiles', async ({ page }) => {
  const road = await open(page, {});
  expect((await srcs(page)).every((s) => s.startsWith('https://tile.openstreetmap.org/15/'))).toBe(true);
  await expect(road.map.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap contributors');

  for (const [type, prefix, credit] of [
    ['satellite', 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/15/', 'Esri'],
    ['terrain', '.tile.opentopomap.org/15/', 'OpenTopoMap'],
  ] as const) {
    const { map, errors } = await open(page, { '&quot;map_type&quot;:&quot;roadmap': `&quot;map_type&quot;:&quot;${type}`, 'data-map-type="roadmap"': `data-map-type="${type}"` });
    await expect(map).toHaveAttribute('data-map-type', type);
    const now = await srcs(page);
    expect(now.length).toBeGreaterThan(0);
    expect(now.every((s) => s.includes(prefix))).toBe(true);
    await expect(map.locator('.leaflet-control-attribution')).toContainText(credit);
    expect(errors).toEqual([]);
  }

  // hybrid: the imagery with the labels layer over it
  await open(page, { '&quot;map_type&quot;:&quot;roadmap': '&quot;map_type&quot;:&quot;hybrid', 'data-map-type="roadmap"': 'data-map-type="hybrid"' });
  const hybrid = await srcs(page);
  expect(hybrid.some((s) => s.includes('/World_Imagery/MapServer/tile/15/'))).toBe(true);
  expect(hybrid.some((s) => s.includes('/World_Boundaries_and_Places/MapServer/tile/15/'))).toBe(true);
});

test('the overview map shows the surroundings in the corner', async ({ page }) => {
  const plain = await open(page, {});
  await expect(plain.map.locator('.leaflet-control-minimap')).toHaveCount(0);
  const { map, tiles, errors } = await open(page, { '&quot;map_overview&quot;:false': '&quot;map_overview&quot;:true' });
  const overview = map.locator('.leaflet-control-minimap');
  await expect(overview).toBeVisible();
  await expect(overview.locator('.leaflet-tile-loaded').first()).toBeAttached();
  // five zoom levels out from the block's 15
  expect(tiles.some((t) => t.startsWith('https://tile.openstreetmap.org/10/'))).toBe(true);
  const box = (await overview.boundingBox())!;
  const canvas = (await map.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width);
  expect(box.x).toBeGreaterThan(canvas.x + canvas.width / 2);
  expect(errors).toEqual([]);
});

test('the rotate buttons turn the map and point it north again', async ({ page }) => {
  const plain = await open(page, {});
  await expect(plain.map.getByRole('button', { name: 'Rotate map right' })).toHaveCount(0);
  const { map, errors } = await open(page, { '&quot;map_rotate&quot;:false': '&quot;map_rotate&quot;:true' });
  const pane = map.locator('.leaflet-rotate-pane');
  /** the rotation of the map's rotating pane, in degrees (leaflet-rotate writes radians) */
  const turned = () => pane.evaluate((el) => Math.round((Number(/rotate\(([-\d.e]+)rad\)/.exec((el as HTMLElement).style.transform)?.[1] ?? 0) * 180) / Math.PI));
  await map.getByRole('button', { name: 'Rotate map right' }).click();
  await expect.poll(turned).toBe(45);
  await expect(map.getByRole('button', { name: 'Point the map north' })).toHaveAttribute('aria-disabled', 'false');
  await map.getByRole('button', { name: 'Rotate map left' }).click();
  await map.getByRole('button', { name: 'Rotate map left' }).click();
  await expect.poll(turned).toBe(315);
  // keyboard: the buttons are real buttons
  await map.getByRole('button', { name: 'Point the map north' }).focus();
  await page.keyboard.press('Enter');
  await expect(map.getByRole('button', { name: 'Point the map north' })).toHaveAttribute('aria-disabled', 'true');
  await expect.poll(turned).toBe(0);
  // the marker is still there and still opens its popup
  await map.getByRole('button', { name: 'Speicherstadt' }).click();
  await expect(map.locator('.leaflet-popup')).toContainText('Warehouse district and canals');
  expect(errors).toEqual([]);
});
