import { z } from 'zod';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineAction } from '../../server/actions/registry.server.ts';
import { rewriteFragment, siteTextRules } from '../text-rules/rewrite.server.ts';
import { applyRules } from '../text-rules/rules.ts';
import { PortfolioCard } from './PortfolioCard.tsx';
import type { PortfolioSummary } from './types.ts';
import { PFL_MORE_ACTION } from './filter.ts';

/** `datafilter` arrives as a JSON string, or as jQuery-style bracket fields the registry has nested. */
const parseMaybeJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** Shown ids: an array (JSON or `pflShowIds[]`), one bracket field, or a comma list. */
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v]),
  z.array(z.coerce.number().int().positive()).max(1000),
);

export const datafilterSchema = z.object({
  instanceId: z.string().max(64).optional(),
  currentTerm: z
    .string()
    .regex(/^[\w-]{1,200}$|^\*$/)
    .default('*'),
  /** sent by the reference; the server counts for itself */
  countByTerms: z.unknown().optional(),
  count: z.coerce.number().int().min(1).max(48).default(6),
  pflShowIds: idList.default([]),
});

/** Items as the grid renders them (the same component, server-rendered to static HTML). */
export function portfolioItemsHtml(items: readonly PortfolioSummary[]): string {
  return items.map((item) => renderToStaticMarkup(createElement(PortfolioCard, { item }))).join('');
}

/** The item with the text a card shows rewritten (title, excerpt, category names). */
function withTextRules(item: PortfolioSummary, rewrite: (text: string) => string): PortfolioSummary {
  return {
    ...item,
    title: rewrite(item.title),
    excerpt: rewrite(item.excerpt),
    categories: item.categories.map((c) => ({ ...c, name: rewrite(c.name) })),
  };
}

/**
 * `masthead_pfl_more_post_ajax` {nonce, datafilter}: the next `count` portfolio items, newest
 * first, leaving out the shown ids and, unless the term is '*', only of that category. Answers
 * `{ items: '<html>', list, more }`; `items` is '' when nothing is left (the wire contract, SPEC 7),
 * `list` the same items as data, which the grid island renders from. `more` says whether the server
 * still has items for the term after these (the browser can stop without one more call). Text
 * rules are applied to both, as to the page, so the reader never sees the text change.
 */
export const portfolioMoreAction = defineAction({
  name: PFL_MORE_ACTION,
  schema: z.object({ datafilter: z.preprocess(parseMaybeJson, datafilterSchema) }),
  async handler({ datafilter }, { runtime }) {
    const { currentTerm, count, pflShowIds } = datafilter;
    const { items } = await runtime.repos.portfolio.list({ term: currentTerm, excludeIds: pflShowIds, limit: count + 1 });
    const page = items.slice(0, count);
    let html = portfolioItemsHtml(page);
    const rules = await siteTextRules(runtime);
    if (html) html = rewriteFragment(html, rules);
    const list = rules.length ? page.map((item) => withTextRules(item, (text) => applyRules(text, rules))) : page;
    return { success: true, data: { items: html, list, more: items.length > count } };
  },
});
