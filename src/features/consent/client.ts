import { pageVars } from '../../ui/page-vars.ts';
import { initAnalytics } from './analytics.ts';
import { startGdpr } from './gdpr.ts';
import { startNotice } from './notice.ts';

/**
 * Consent and privacy on every page, owning no markup (the cookie notice, "Cookie settings" and the
 * GDPR bar are islands of their own; outside embeds read the consent store through
 * `embeds.ts`): the page's notice state, analytics and the first-party view counter.
 *
 * The page's notice state starts here, with the first script, not when its island hydrates: the
 * body class `cookie-notice-visible` shows the notice at once (global.css), so a keyboard user who
 * tabs in right away meets it; what they press before the island hydrates is replayed to it. The
 * GDPR bar's open or closed state is set on the root the same way (`gdpr.ts`).
 */
const vars = pageVars();
if (vars.cookieNotice.enabled) startNotice(vars.cookieNotice);
if (vars.gdprNotice.enabled) startGdpr();
initAnalytics();
