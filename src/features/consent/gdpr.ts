import { parseCookies, writeCookie } from './cookies.ts';

/**
 * GDPR notice bar (SPEC 4, NOTES): rendered closed by the server and kept invisible with script
 * until this sets its state (`data-ready`), so it appears in place instead of growing open; opened
 * here when the cookie `masthead_law_footer_new` is absent or '1'. Accept and the toggle tab store '1' (open) or
 * '2' (closed) for one year (31536000000 ms), path '/'. A stored value other than '1' means closed.
 * The toggle is a disclosure button (aria-expanded, aria-controls the panel).
 */

export const GDPR_COOKIE = 'masthead_law_footer_new';
export const GDPR_LIFETIME_MS = 31_536_000_000;

/** Open unless a stored value exists and is not '1'. */
export const gdprOpen = (stored: string | undefined): boolean => stored === undefined || stored === '1';

export interface GdprController {
  open(): boolean;
  setOpen(open: boolean): void;
}

export function initGdprBar(doc: Document = document, win: Window = window): GdprController | null {
  const bar = doc.getElementById('gdpr-bar');
  const toggle = bar?.querySelector<HTMLButtonElement>('.gdpr-bar__toggle');
  const panel = bar?.querySelector<HTMLElement>('.gdpr-bar__panel');
  if (!bar || !toggle || !panel) return null;
  const accept = bar.querySelector<HTMLButtonElement>('.gdpr-bar__accept');

  const render = (open: boolean) => {
    bar.dataset.state = open ? 'open' : 'closed';
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };
  const store = (open: boolean) => {
    writeCookie(doc, GDPR_COOKIE, open ? '1' : '2', { maxAge: GDPR_LIFETIME_MS / 1000, path: '/', secure: win.location.protocol === 'https:', sameSite: 'Lax' });
  };
  const setOpen = (open: boolean) => {
    render(open);
    store(open);
  };
  const isOpen = () => bar.dataset.state === 'open';

  toggle.addEventListener('click', () => setOpen(!isOpen()));
  accept?.addEventListener('click', () => {
    setOpen(false);
    toggle.focus(); // the accept button is gone: keep focus on the bar
  });
  render(gdprOpen(parseCookies(doc.cookie)[GDPR_COOKIE]));
  // shown only now, in its real state: opening a visible bar would move it (a layout shift)
  bar.dataset.ready = '';
  return { open: isOpen, setOpen };
}
