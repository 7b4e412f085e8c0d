/**
 * Accounts, the always-loaded part (a few hundred bytes): document-level listeners that load the
 * real behaviour (./ui.ts) on first use, i.e. when the header's account button is clicked or an
 * account form is submitted; pointing at the button or focusing a form field preloads it.
 * Delegated listeners also cover forms added to the page later.
 */
type Ui = typeof import('./ui.ts');
let ui: Promise<Ui> | null = null;
const load = () => {
  ui ??= import('./ui.ts');
  ui.catch(() => (ui = null));
  return ui;
};

const popupTrigger = (t: EventTarget | null) => (t instanceof Element ? t.closest<HTMLAnchorElement>('a[data-account-popup]') : null);
const accountForm = (t: EventTarget | null) => (t instanceof Element ? t.closest<HTMLFormElement>('form[data-account-form]') : null);

document.addEventListener('click', (e) => {
  const trigger = popupTrigger(e.target);
  if (!trigger || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const dialog = document.getElementById('account-popup');
  if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== 'function') return; // follow the link to /account/
  e.preventDefault();
  load().then(
    (m) => m.openPopup(dialog, trigger.dataset.accountPopup, trigger),
    () => location.assign(trigger.href),
  );
});

document.addEventListener('submit', (e) => {
  const form = e.target instanceof HTMLFormElement ? accountForm(e.target) : null;
  if (!form || e.defaultPrevented) return;
  e.preventDefault();
  load().then(
    (m) => m.submitForm(form),
    () => form.submit(), // the script could not load: post the plain form instead
  );
});

document.addEventListener('focusin', (e) => {
  const el = e.target;
  if (!(el instanceof HTMLInputElement) || !accountForm(el)) return;
  // invalid marks clear when the field gets focus
  if (el.getAttribute('aria-invalid') === 'true') el.removeAttribute('aria-invalid');
  void load().catch(() => undefined);
});

document.addEventListener('pointerover', (e) => {
  if (popupTrigger(e.target)) void load().catch(() => undefined);
});
