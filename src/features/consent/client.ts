import { enhance } from '../../ui/client/enhance.ts';
import { pageVars } from '../../ui/page-vars.ts';
import { initAnalytics } from './analytics.ts';
import { startNotice } from './notice.ts';
import { requireConsentFor } from './embeds.ts';

/**
 * Consent and privacy on every page (the cookie notice, "Cookie settings" and the GDPR bar are
 * islands of their own): analytics and the first-party view counter, and the click-to-load gate on
 * outside embeds (videos from YouTube or Vimeo; the map island has its own). Local videos load
 * nothing from a third party and are not gated.
 *
 * The page's notice state starts here, with the first script, not when its island hydrates: the
 * body class `cookie-notice-visible` shows the notice at once (global.css), so a keyboard user who
 * tabs in right away meets it; what they press before the island hydrates is replayed to it.
 */
const vars = pageVars();
if (vars.cookieNotice.enabled) startNotice(vars.cookieNotice);
initAnalytics();
enhance('.video-facade:not([data-provider="local"])', (el) => requireConsentFor(el, undefined, { kind: 'video' }));
