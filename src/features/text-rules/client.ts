/**
 * Text replacement over the page body, from the page variables' rules; nothing runs when there are
 * none. The server already applied the same rules (middleware), so readers never see text change;
 * this keeps content added later (appended posts, portfolio items, islands) consistent.
 */
import { pageVars } from '../../ui/page-vars.ts';
import { compileRules } from './rules.ts';
import { watchTextRules } from './walker.ts';

const list = pageVars().textRules;
if (Array.isArray(list) && list.length) {
  const rules = compileRules(list, (rule, err) => console.warn(`[masthead] text rule skipped, invalid pattern ${JSON.stringify(rule.find)}:`, err));
  // the page as served is rewritten already: walking all of it again at start-up was a long task
  // on a phone (Lighthouse's 4× slower CPU) that changed nothing
  const start = () => watchTextRules(document.body, rules, { applyNow: false });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
