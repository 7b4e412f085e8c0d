import { expect, type APIRequestContext } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/connect.server.ts';
import { createRepositories } from '../../../src/server/db/repositories/index.server.ts';
import { CONTENT_VERSION } from '../../../src/server/runtime.server.ts';
import { settingsKeys, type Settings, type SettingsKey } from '../../../src/features/site/settings.ts';
import { PAGE_VARS_ID, type PageVars } from '../../../src/ui/page-vars.ts';
import type { MenuItem, MenuLocation } from '../../../src/features/navigation/types.ts';
import type { NewMenuItem } from '../../../src/server/db/repositories/menus.server.ts';
import { dataDir } from '../../../playwright.config.ts';

/**
 * Site settings of the e2e server, changed the way an administrator's save would: through the
 * settings repository on the server's own scratch database (DATA_DIR of this port), then a bump of
 * the content version. The server follows the version within 5 s (it polls, as with several
 * processes), and `waitForPageVars` waits until pages carry the change. Nothing in the server is
 * test-only; tests restore what they changed.
 */
async function withRepos<T>(fn: (repos: ReturnType<typeof createRepositories>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await fn(createRepositories(db.kysely));
  } finally {
    await db.close();
  }
}

export function readSetting<K extends SettingsKey>(key: K): Promise<Settings[K]> {
  return withRepos((repos) => repos.settings.get(key, settingsKeys[key]) as Promise<Settings[K]>);
}

export async function writeSetting<K extends SettingsKey>(key: K, value: Partial<Settings[K]>): Promise<void> {
  await withRepos(async (repos) => {
    await repos.settings.set(key, settingsKeys[key], value as never);
    await repos.counters.increment(CONTENT_VERSION);
  });
}

/** The page variables of a freshly served page. */
export async function pageVarsOf(request: APIRequestContext, path = '/'): Promise<PageVars> {
  const html = await (await request.get(path)).text();
  const m = new RegExp(`<script type="application/json" id="${PAGE_VARS_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!m) throw new Error('no page variables');
  return JSON.parse(m[1]!) as PageVars;
}

/** Waits until served pages reflect a settings change. */
export async function waitForPageVars(request: APIRequestContext, ok: (v: PageVars) => boolean): Promise<void> {
  await expect.poll(async () => ok(await pageVarsOf(request)), { timeout: 15_000, intervals: [250, 500, 1000] }).toBe(true);
}

/** Views counted for a post by the first-party counter. */
export function viewsOf(postId: number): Promise<number> {
  return withRepos((repos) => repos.engagement.views(postId));
}

/** A menu of the e2e site as a tree (to restore it after a test). */
export function readMenu(location: MenuLocation): Promise<MenuItem[]> {
  return withRepos((repos) => repos.menus.tree(location));
}

/** Replaces a menu of the e2e site as the admin's Menus screen would, then bumps the content version. */
export async function writeMenu(location: MenuLocation, items: MenuItem[]): Promise<void> {
  const plain = (list: MenuItem[]): NewMenuItem[] => list.map((i) => ({ label: i.label, url: i.url, megaTermId: i.megaTermId, megaCount: i.megaCount ?? null, children: plain(i.children) }));
  await withRepos(async (repos) => {
    await repos.menus.replace(location, plain(items));
    await repos.counters.increment(CONTENT_VERSION);
  });
}
