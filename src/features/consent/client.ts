import { enhance } from '../../ui/client/enhance.ts';
import { pageVars } from '../../ui/page-vars.ts';
import { initCookieNotice } from './notice.ts';
import { initAnalytics } from './analytics.ts';
import { requireConsentFor } from './embeds.ts';

/**
 * Consent and privacy on every page (the GDPR bar is an island of its own): the cookie-consent notice, analytics and the
 * first-party view counter, and the click-to-load gate on outside embeds (videos from YouTube or
 * Vimeo; the map island has its own). Local videos load nothing from a third party and are not gated.
 */
const vars = pageVars();
if (vars.cookieNotice.enabled) initCookieNotice({ settings: vars.cookieNotice });
initAnalytics();
enhance('.video-facade:not([data-provider="local"])', (el) => requireConsentFor(el, undefined, { kind: 'video' }));
