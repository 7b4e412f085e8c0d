import { useEffect, useRef, useState } from 'react';
import type { FlatItem } from '../../features/navigation/menu-tree.ts';
import type { MenuLocation } from '../../features/navigation/types.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { ADMIN_HEADERS } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { Notice } from '../shell/ui.tsx';

type View = 'desktop' | 'phone';
const WIDTH: Record<View, number> = { desktop: 1280, phone: 375 };
/** room under the header for a sub-menu or mega panel opened by hover or focus */
const MIN_HEIGHT: Record<View, number> = { desktop: 460, phone: 560 };

/**
 * The menu being edited as the site draws it: the draft (unsaved changes included) is posted to
 * /admin/preview/menus/ (src/pages/admin/preview/menus.astro), which renders the site's own
 * header or footer components with the site's stylesheet; each answer is shown in a sandboxed
 * iframe (same origin, so it takes the site's stylesheet; the page has no scripts, but the frame
 * allows them so accessibility checkers can look inside; forms, pop-ups and leaving the admin
 * are blocked), at desktop width scaled to fit, and at phone width with the mobile menu opened.
 * Updated a moment after each edit; a new frame per answer (rather than a new address in the
 * same frame) keeps the browser's history clean.
 */
export function MenuPreview({ location, items }: { location: MenuLocation; items: Omit<FlatItem, 'key'>[] }) {
  const t = useT();
  const [pages, setPages] = useState<{ n: number; desktop: string; phone: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const body = JSON.stringify({ location, items });
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const load = async (view: View) => {
        const res = await fetch(`/admin/preview/menus/?view=${view}`, { method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN_HEADERS }, body, credentials: 'same-origin', signal: abort.signal });
        const text = await res.text();
        if (!res.ok) throw new Error(text.startsWith('<') ? t('admin.menus.previewFailed') : text);
        return text;
      };
      Promise.all([load('desktop'), load('phone')]).then(
        ([desktop, phone]) => {
          setPages((p) => ({ n: (p?.n ?? 0) + 1, desktop, phone }));
          setError(null);
        },
        (err: Error) => {
          if (err.name !== 'AbortError') setError(err.message || t('admin.menus.previewFailed'));
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [body, t]);
  const name = t(`admin.menus.location.${location}` as MessageKey);
  return (
    <section className="adm-card adm-menus__preview" aria-labelledby="menus-preview">
      <h2 id="menus-preview">{t('admin.menus.preview')}</h2>
      <p className="adm-muted">
        {t('admin.menus.previewNote')}{' '}
        <a href="/" target="_blank" rel="noreferrer">
          {t('admin.menus.viewSite')}
        </a>
      </p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {pages ? (
        <div className="adm-menus__frames">
          {(['desktop', 'phone'] as const).map((view) => (
            <figure key={view} className={`adm-menus__frame adm-menus__frame--${view}`}>
              <figcaption>{t(`admin.menus.preview.${view}`)}</figcaption>
              <ScaledFrame key={pages.n} html={pages[view]} width={WIDTH[view]} minHeight={MIN_HEIGHT[view]} title={t('admin.menus.previewFrame', { location: name, view: t(`admin.menus.preview.${view}`) })} />
            </figure>
          ))}
        </div>
      ) : error ? null : (
        <p className="adm-muted" role="status">
          {t('admin.loading')}
        </p>
      )}
    </section>
  );
}

/** An iframe `width` px wide showing `html`, scaled down to the width of its box, as tall as its page. */
function ScaledFrame({ html, width, minHeight, title }: { html: string; width: number; minHeight: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [scale, setScale] = useState(1);
  const [height, setHeight] = useState(minHeight);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setScale(Math.min(1, el.clientWidth / width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);
  const measure = () => {
    const doc = frame.current?.contentDocument;
    if (doc?.documentElement) setHeight(Math.max(minHeight, doc.documentElement.scrollHeight));
  };
  return (
    <div ref={box} className="adm-menus__frame-box" style={{ height: Math.ceil(height * scale) }}>
      <iframe ref={frame} title={title} sandbox="allow-same-origin allow-scripts" srcDoc={html} onLoad={measure} style={{ width, height, transform: scale < 1 ? `scale(${scale})` : undefined }} />
    </div>
  );
}
