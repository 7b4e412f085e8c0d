import { Suspense, useEffect, useRef, useState } from 'react';
import { adminRoutes, type AdminRoute } from './routes.tsx';
import { Link, lastNavigation, match, useLocation } from './router.tsx';
import { useBoot, useCan } from './boot.tsx';
import { useT } from './i18n.tsx';
import { Announcer } from './announce.tsx';
import { Loading, Notice } from './ui.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/**
 * The admin's frame: a header (site, who is signed in, sign out), the navigation named "Admin"
 * (from the route registry, filtered by permission; a disclosure on narrow screens), and the
 * screen of the current address, loaded lazily. After an in-app navigation focus moves to the
 * new screen's heading, so screen-reader users hear where they are.
 */
export function Shell() {
  const t = useT();
  const boot = useBoot();
  const can = useCan();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);

  let found: { route: AdminRoute; params: Record<string, string> } | null = null;
  for (const route of adminRoutes) {
    const params = match(route.path, pathname);
    if (params) {
      found = { route, params };
      break;
    }
  }
  const allowed = found ? can(found.route.permission) : false;
  const title = found ? t(found.route.title) : t('admin.notFound');

  useEffect(() => {
    document.title = `${title} ‹ ${boot.siteTitle}`;
    setMenuOpen(false);
    if (first.current || lastNavigation() === 'replace') {
      first.current = false;
      return;
    }
    // wait for the lazily loaded screen to draw its heading
    const id = window.setTimeout(() => (mainRef.current?.querySelector<HTMLElement>('h1') ?? mainRef.current)?.focus({ preventScroll: true }), 60);
    return () => window.clearTimeout(id);
  }, [pathname, title, boot.siteTitle]);

  const nav = adminRoutes.filter((r) => r.nav && can(r.permission)).sort((a, b) => a.nav!.order - b.nav!.order);
  const current = (r: AdminRoute) => (r.path === '/admin/' ? pathname === '/admin/' || pathname === '/admin' : pathname.startsWith(r.nav?.prefix ?? r.path));

  return (
    <div className={`adm${menuOpen ? ' adm--menu-open' : ''}`}>
      <a className="adm-skip" href="#adm-main">
        {t('a11y.skipToContent')}
      </a>
      <header className="adm-top">
        <button type="button" className="adm-top__menu" aria-expanded={menuOpen} aria-controls="adm-nav" onClick={() => setMenuOpen((o) => !o)}>
          <span className="adm-burger" aria-hidden="true" />
          {t('nav.menu')}
        </button>
        <a className="adm-top__site" href="/">
          {boot.siteTitle}
          <span className="adm-top__visit">{t('admin.viewSite')}</span>
        </a>
        <div className="adm-top__user">
          <span className="adm-top__name">{boot.user.displayName}</span>
          <form method="post" action="/account/" className="adm-top__signout">
            <input type="hidden" name="form" value="logout" />
            <input type="hidden" name="security" value={boot.signOutNonce} />
            <input type="hidden" name="redirect_to" value="/" />
            <button type="submit" className="adm-btn adm-btn--ghost">
              {t('account.signOut')}
            </button>
          </form>
        </div>
      </header>
      <nav id="adm-nav" className="adm-nav" aria-label={t('admin.nav.label')}>
        <ul>
          {nav.map((r) => (
            <li key={r.path}>
              <Link to={r.path} aria-current={current(r) ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                {t(r.nav!.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="adm-main" className="adm-main" ref={mainRef} tabIndex={-1}>
        <ErrorBoundary key={found ? (found.route.group ?? found.route.path) : 'none'}>
          {!found ? (
            <>
              <h1 tabIndex={-1}>{t('admin.notFound')}</h1>
              <p>{t('admin.notFoundText')}</p>
              <p>
                <Link to="/admin/">{t('admin.backToDashboard')}</Link>
              </p>
            </>
          ) : !allowed ? (
            <>
              <h1 tabIndex={-1}>{title}</h1>
              <Notice tone="error">{t('admin.forbiddenScreen')}</Notice>
            </>
          ) : (
            <Suspense fallback={<Loading />}>
              <found.route.screen params={found.params} />
            </Suspense>
          )}
        </ErrorBoundary>
      </main>
      <Announcer />
    </div>
  );
}
