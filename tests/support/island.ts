/**
 * Component tests of islands (jsdom): the server's HTML is put into the document, as a page would
 * carry it, and hydrated by the real island runtime; recoverable errors (hydration mismatches)
 * and console errors are collected. The network is the only thing faked: `answer` plays the
 * server's theme-call endpoint (`/api/theme`, `/api/nonce`).
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { vi } from 'vitest';
import { Island, type IslandWhen } from '../../src/ui/Island.tsx';
import { hydrateIsland } from '../../src/ui/client/hydrate.ts';
import { PAGE_VARS_ID, serializePageVars, type PageVars } from '../../src/ui/page-vars.ts';
import type { IslandName } from '../../src/ui/islands.ts';
import type { Slots } from '../../src/ui/slot.ts';

export type ThemeAnswerer = (action: string, fields: Record<string, string>) => { success: boolean; data: unknown } | Promise<{ success: boolean; data: unknown }>;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const vars = {
  ajaxUrl: '/api/theme',
  nonceUrl: '/api/nonce',
  siteTitle: 'Test',
  locale: 'en',
  dir: 'ltr',
  postId: null,
  textRules: [],
  errorPass: '',
  cookieNotice: {},
  gdprNotice: {},
  analytics: { key: '' },
  wpcf7: { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' } },
  headerSearch: 'overlay',
  map: { tiles: { roadmap: { url: '', attribution: '' }, satellite: { url: '', attribution: '' }, hybrid: { url: '', attribution: '' }, terrain: { url: '', attribution: '' } }, geocoderUrl: '' },
  i18n: {},
} as unknown as PageVars;

/** Fakes the theme-call endpoint; returns the calls made (action and fields). */
export function fakeThemeEndpoint(answer: ThemeAnswerer): { action: string; fields: Record<string, string> }[] {
  const calls: { action: string; fields: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    // a plain nonce, or one that may set the visitor id (`?visitor=1`, likes and votes)
    if (url === '/api/nonce' || url.startsWith('/api/nonce?')) return new Response(JSON.stringify({ nonce: 'n0nce-for-tests' }), { headers: { 'content-type': 'application/json' } });
    const body = init?.body as FormData;
    const fields: Record<string, string> = {};
    body.forEach((v, k) => (fields[k] = String(v)));
    const action = fields.action ?? '';
    calls.push({ action, fields });
    return new Response(JSON.stringify(await answer(action, fields)), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/**
 * Puts the server HTML of islands into the document and hydrates them; returns the errors seen.
 * `before` runs on the server HTML in the page before hydration (what a visitor did meanwhile).
 */
export async function hydrateServerHtml<P extends object>(islands: { name: IslandName; of: ComponentType<P>; props: P; when?: IslandWhen; slots?: Slots }[], before?: (container: HTMLElement) => void): Promise<{ container: HTMLElement; errors: unknown[] }> {
  const errors: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  if (!document.getElementById(PAGE_VARS_ID)) {
    const s = document.createElement('script');
    s.type = 'application/json';
    s.id = PAGE_VARS_ID;
    s.textContent = serializePageVars(vars);
    document.body.append(s);
  }
  const container = document.createElement('div');
  container.innerHTML = islands.map((i) => renderToString(createElement(Island<P>, { name: i.name, of: i.of, when: i.when ?? 'idle', props: i.props, slots: i.slots }))).join('');
  document.body.append(container);
  before?.(container);
  await act(async () => {
    // up to the root's creation: act() runs the effects (and so ends the hydration) when it closes
    for (const el of Array.from(container.querySelectorAll<HTMLElement>('masthead-island'))) await new Promise<void>((started) => void hydrateIsland(el, started));
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  spy.mockRestore();
  return { container, errors };
}
