import type { Runtime } from '../../server/runtime.server.ts';
import type { Settings } from '../site/settings.ts';
import type { Translate } from '../../i18n/index.ts';
import type { User } from '../accounts/types.ts';
import type { Chrome } from './chrome.server.ts';
import { staticHtml } from '../../ui/static-html.server.ts';
import { Island } from '../../ui/Island.tsx';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { BackToTop } from './BackToTop.tsx';
import { CookieNotice, CookieRevoke, cookieNoticeProps } from '../consent/CookieNotice.tsx';
import { GdprBar } from '../consent/GdprBar.tsx';
import { AccountPopup, accountLabels } from '../accounts/AccountForms.tsx';

/**
 * The page chrome of `layouts/Base.astro` as HTML, rendered once per content version and kept in
 * the runtime's version memo: the site header, the footer and the page-wide islands (cookie
 * notice, back to top, GDPR bar, cookie settings, the login popup) depend only on the settings,
 * the menus (`loadChrome`), the translator (of the settings' locale) and, for the header, the
 * page's path and who is signed in. Rendering them on every uncached page was about a third of
 * its React time. The output is the same bytes the components give in the template
 * (`ui/static-html.server.ts`).
 */
export interface ChromeInput {
  runtime: Runtime;
  settings: Settings;
  t: Translate;
  chrome: Chrome;
  user: User | null;
}

/** The cookie notice island (before the header), or '' when the notice is off. */
export function cookieNoticeHtml({ runtime, settings, t }: ChromeInput): Promise<string> {
  if (!settings.cookieNotice.enabled) return Promise.resolve('');
  return runtime.memo('html:cookie-notice', async () => staticHtml(<Island name="cookie-notice" of={CookieNotice} when="interaction" props={cookieNoticeProps(t, settings.cookieNotice)} />));
}

/**
 * The site header. Kept per path and account name for pages that answer 200 (`keep`); a search
 * (the visitor's own words in the box) or an error page is rendered each time, so made-up
 * addresses do not take places in the memo.
 */
export function headerHtml({ runtime, settings, t, chrome, user }: ChromeInput, currentPath: string, searchQuery: string | undefined, keep: boolean): Promise<string> {
  const render = async () =>
    staticHtml(
      <Header
        t={t}
        siteTitle={settings.site.title}
        tagline={settings.site.tagline}
        menu={chrome.mainMenu}
        sideMenu={chrome.sideMenu}
        mega={chrome.mega}
        currentPath={currentPath}
        searchStyle={settings.theme.headerSearch}
        sticky={settings.theme.stickyHeader}
        user={user}
        searchQuery={searchQuery}
      />,
    );
  if (!keep || searchQuery !== undefined) return render();
  return runtime.memo(`html:header:${JSON.stringify([currentPath, user ? user.displayName : null])}`, render);
}

/** Everything after `<main>` up to the page variables: footer, back to top, GDPR bar, cookie settings, the login popup (signed out). */
export function chromeTailHtml({ runtime, settings, t, chrome, user }: ChromeInput): Promise<string> {
  return runtime.memo(`html:tail:${user ? 'in' : 'out'}`, async () =>
    [
      staticHtml(<Footer t={t} siteTitle={settings.site.title} tagline={settings.site.tagline} menu={chrome.footerMenu} categories={chrome.categories} recent={chrome.recent} locale={settings.site.locale} />),
      staticHtml(<Island name="back-to-top" of={BackToTop} when="interaction" props={{ label: t('nav.backToTop') }} />),
      settings.gdprNotice.enabled
        ? staticHtml(
            <Island
              name="gdpr"
              of={GdprBar}
              when="interaction"
              props={{
                privacyUrl: settings.gdprNotice.privacyUrl,
                labels: { label: t('gdpr.label'), toggle: t('gdpr.toggle'), text: settings.gdprNotice.text || t('gdpr.text'), privacy: t('gdpr.privacy'), accept: t('gdpr.accept') },
              }}
            />,
          )
        : '',
      settings.cookieNotice.enabled ? staticHtml(<Island name="cookie-revoke" of={CookieRevoke} when="interaction" props={{ label: t('consent.revoke') }} />) : '',
      user ? '' : staticHtml(<Island name="account-popup" of={AccountPopup} when="demand" props={{ labels: accountLabels(t) }} />),
      // (one space between them, as the template had, also where one of them is off)
    ].join(' '),
  );
}
