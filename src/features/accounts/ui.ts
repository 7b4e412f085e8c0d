import { identityChanged, themeCall } from '../../ui/client/theme-call.ts';
import { pageVars } from '../../ui/page-vars.ts';
import { checkAccountForm, NO_CAPTCHA, safeRedirect, withSignedInFlag, type AccountFormKind } from './validation.ts';

/**
 * Accounts, the lazily loaded part: the popup dialog (native <dialog> opened with showModal(),
 * Tab kept inside, Escape closes, focus returns to the button that opened it; login, register and
 * lost-password panels switch in place) and the forms sent through the theme endpoint.
 */

const ACTIONS: Record<AccountFormKind, string> = {
  login: 'masthead_login_ajax',
  register: 'masthead_register_ajax',
  reset: 'masthead_resetpass_ajax',
};

/* ---------- forms ---------- */

const busy = new WeakSet<HTMLFormElement>();

function values(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') out[k] = v;
  return out;
}

const messageArea = (form: HTMLFormElement) => form.querySelector<HTMLElement>('.account-form__message');

function showText(form: HTMLFormElement, text: string, success: boolean) {
  const area = messageArea(form);
  if (!area) return;
  const p = document.createElement('p');
  p.className = `account-message account-message--${success ? 'success' : 'error'}`;
  p.textContent = text;
  area.replaceChildren(p);
}

/** The server's message is HTML it has escaped; it is inserted as is (the reference does so). */
function showHtml(form: HTMLFormElement, html: string): string[] {
  const area = messageArea(form);
  if (!area) return [];
  area.innerHTML = html;
  return (area.querySelector<HTMLElement>('[data-fields]')?.dataset.fields ?? '').split(/\s+/).filter(Boolean);
}

function mark(form: HTMLFormElement, names: readonly string[], focus: boolean) {
  let first: HTMLInputElement | null = null;
  for (const name of names) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
    if (!input) continue;
    input.setAttribute('aria-invalid', 'true');
    first ??= input;
  }
  // Focusing clears a mark, so the first field gets focus before it is marked again.
  if (focus && first) {
    first.focus();
    first.setAttribute('aria-invalid', 'true');
  }
}

const clearMarks = (form: HTMLFormElement) => form.querySelectorAll('[aria-invalid]').forEach((el) => el.removeAttribute('aria-invalid'));

/** Reloads the current address with the sign-in flag (or goes to the form's redirect target). */
export function reloadSignedIn(form: HTMLFormElement) {
  const target = form.querySelector<HTMLInputElement>('input[name="redirect_to"]')?.value;
  const base = target ? new URL(safeRedirect(target, location.pathname + location.search), location.href).href : location.href;
  const next = withSignedInFlag(base);
  if (next === location.href) location.reload();
  else location.assign(next);
}

export async function submitForm(form: HTMLFormElement): Promise<void> {
  const kind = form.dataset.accountForm as AccountFormKind | undefined;
  if (!kind || !(kind in ACTIONS) || busy.has(form)) return;
  const v = values(form);
  clearMarks(form);
  const check = checkAccountForm(kind, v);
  if (check.invalid.length) {
    mark(form, check.invalid, true);
    showText(form, check.reason === 'mismatch' ? pageVars().errorPass : (form.dataset.msgRequired ?? ''), false);
    return;
  }
  const captcha = v.captcha?.trim() ? v.captcha : NO_CAPTCHA;
  const fields: Record<string, string> =
    kind === 'login'
      ? { username: v.username ?? '', password: v.password ?? '', captcha, security: '', remember: form.querySelector<HTMLInputElement>('input[name="remember"]')?.checked ? 'true' : 'false' }
      : kind === 'register'
        ? { fistName: v.fistName ?? '', lastName: v.lastName ?? '', username: v.username ?? '', password: v.password ?? '', confirmPass: v.confirmPass ?? '', email: v.email ?? '', security: '', captcha }
        : { security: '', username: v.username ?? '', captcha };

  busy.add(form);
  form.setAttribute('aria-busy', 'true');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  let signedIn = false;
  try {
    const answer = await themeCall<unknown>(ACTIONS[kind], fields);
    if (typeof answer.data === 'string') mark(form, showHtml(form, answer.data), false);
    else {
      const message = (answer.data as { message?: unknown } | null)?.message;
      showText(form, typeof message === 'string' ? message : (form.dataset.msgFailed ?? ''), answer.success);
    }
    signedIn = answer.success && kind !== 'reset';
    if (signedIn) identityChanged();
    if (answer.success && kind === 'reset') form.reset();
  } catch {
    showText(form, form.dataset.msgFailed ?? '', false);
  } finally {
    if (!signedIn) {
      busy.delete(form);
      form.removeAttribute('aria-busy');
      if (button) button.disabled = false;
    }
  }
  if (signedIn) reloadSignedIn(form);
}

/* ---------- popup ---------- */

const ready = new WeakSet<HTMLDialogElement>();
let opener: HTMLElement | null = null;

const panels = (dialog: HTMLDialogElement) => [...dialog.querySelectorAll<HTMLElement>('[data-account-panel]')];

function focusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (el) => !el.closest('[hidden]') && el.getClientRects().length > 0,
  );
}

export function showPanel(dialog: HTMLDialogElement, name: string, focus = true) {
  const list = panels(dialog);
  const panel = list.find((p) => p.dataset.accountPanel === name) ?? list[0];
  if (!panel) return;
  for (const p of list) p.hidden = p !== panel;
  const heading = panel.querySelector<HTMLElement>('h2[id]');
  if (heading) dialog.setAttribute('aria-labelledby', heading.id);
  if (focus) panel.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
}

function setUp(dialog: HTMLDialogElement) {
  if (ready.has(dialog)) return;
  ready.add(dialog);
  dialog.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (target === dialog) return dialog.close(); // a click on the backdrop
    const sw = target?.closest<HTMLElement>('[data-account-switch]');
    if (sw) return showPanel(dialog, sw.dataset.accountSwitch ?? 'login');
    if (target?.closest('[data-account-close]')) dialog.close();
  });
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const list = focusables(dialog);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !dialog.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  });
  dialog.addEventListener('close', () => {
    const back = opener;
    opener = null;
    if (back?.isConnected) back.focus();
  });
}

export function openPopup(dialog: HTMLDialogElement, panel: string | undefined, trigger: HTMLElement) {
  setUp(dialog);
  if (dialog.open) return;
  opener = trigger;
  showPanel(dialog, panel || 'login', false);
  dialog.showModal();
  const current = panels(dialog).find((p) => !p.hidden);
  current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
}
