import { useEffect, useLayoutEffect, useReducer, useRef, useState, useSyncExternalStore, type SubmitEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';
import { identityChanged, themeCall } from '../../ui/client/theme-call.ts';
import { pageVars } from '../../ui/page-vars.ts';
import { checkAccountForm, checkNewPasswordForm, NO_CAPTCHA, signedInTarget, type AccountFormKind, type FormCheck } from './validation.ts';
import { attachPopup, noPopupRequest, popupRequest, subscribePopup, takeOpener } from './popup-store.ts';

/**
 * The account forms (login, registration, lost password, and the new password of a reset link)
 * with the reference's field names, one component each place shows them: the header's popup
 * (island `account-popup`), the standalone panels of /account/ (island `account-forms`) and the
 * reset link's page (island `account-new-password`).
 *
 * Every form is a plain form posting to /account/ (or /account/reset/), so it works before and
 * without JavaScript (the server answers with a `FormState`). Hydrated, a form checks its required
 * fields and the password confirmation (marking the fields with aria-invalid and saying why in
 * its status area) and sends login, registration and lost password through the theme endpoint
 * instead; after a sign-in the page reloads with `loggedin=1`. The new-password form still posts
 * itself once its check passes (the reset link's token is a form field, not a theme call).
 */

/** A server-rendered answer to a plain (no-JavaScript) post of one of the forms. */
export interface FormState {
  form: AccountFormKind;
  success: boolean;
  message: string;
  /** wire names of the fields to mark invalid */
  fields: string[];
  /** values to put back (never passwords) */
  values: Record<string, string>;
}

/** Every string the account forms show (islands get strings, not the translator). */
export interface AccountLabels {
  login: string;
  register: string;
  lostPassword: string;
  username: string;
  usernameOnly: string;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  remember: string;
  sendResetLink: string;
  noAccount: string;
  haveAccount: string;
  newPassword: string;
  confirmNewPassword: string;
  savePassword: string;
  /** "Please fill in the marked fields." */
  required: string;
  /** "The passwords do not match." (the page variable `errorPass` wins when the page has it, NOTES) */
  mismatch: string;
  /** "Something went wrong. Please try again." */
  failed: string;
  close: string;
}

export function accountLabels(t: Translate): AccountLabels {
  return {
    login: t('account.login'),
    register: t('account.register'),
    lostPassword: t('account.lostPassword'),
    username: t('account.username'),
    usernameOnly: t('account.usernameOnly'),
    email: t('account.email'),
    password: t('account.password'),
    confirmPassword: t('account.confirmPassword'),
    firstName: t('account.firstName'),
    lastName: t('account.lastName'),
    remember: t('account.remember'),
    sendResetLink: t('account.sendResetLink'),
    noAccount: t('account.noAccount'),
    haveAccount: t('account.haveAccount'),
    newPassword: t('account.newPassword'),
    confirmNewPassword: t('account.confirmNewPassword'),
    savePassword: t('account.savePassword'),
    required: t('account.required'),
    mismatch: t('account.errorPass'),
    failed: t('account.failed'),
    close: t('nav.close'),
  };
}

/** Theme actions of the forms sent through the theme endpoint (RUNTIME-CONTRACT). */
const ACTIONS: Record<AccountFormKind, string> = {
  login: 'masthead_login_ajax',
  register: 'masthead_register_ajax',
  reset: 'masthead_resetpass_ajax',
};

/** How the page moves on after a sign-in (tests replace it: jsdom does not navigate). */
export const navigation = {
  go(url: string) {
    if (url === location.href) location.reload();
    else location.assign(url);
  },
};

/* ---------- one form's state ---------- */

interface Message {
  text: string;
  success: boolean;
}

interface FormView {
  message: Message | null;
  /** wire names of the fields marked invalid */
  invalid: readonly string[];
  busy: boolean;
  /** bumped when the first invalid field should take the focus */
  focusInvalid: number;
}

type FormAction =
  | { type: 'refused'; check: FormCheck; text: string }
  | { type: 'sending' }
  | { type: 'answer'; message: Message; fields: readonly string[]; keepBusy: boolean }
  | { type: 'unmark'; name: string };

function reduce(view: FormView, a: FormAction): FormView {
  switch (a.type) {
    case 'refused':
      return { ...view, message: { text: a.text, success: false }, invalid: a.check.invalid, focusInvalid: view.focusInvalid + 1 };
    case 'sending':
      return { ...view, invalid: [], busy: true };
    case 'answer':
      return { ...view, message: a.message, invalid: a.fields, busy: a.keepBusy };
    case 'unmark':
      return view.invalid.includes(a.name) ? { ...view, invalid: view.invalid.filter((n) => n !== a.name) } : view;
  }
}

const initialView = (state: FormState | null | undefined): FormView => ({
  message: state ? { text: state.message, success: state.success } : null,
  invalid: state?.fields ?? [],
  busy: false,
  focusInvalid: 0,
});

/**
 * The theme endpoint's answer: `data` is the server's message as escaped HTML (RUNTIME-CONTRACT:
 * `<p class="account-message …" data-fields="…">`); its text and the fields to mark are read
 * from it, and shown by React as text.
 */
export function readAnswer(data: unknown, success: boolean, failed: string): { message: Message; fields: string[] } {
  if (typeof data === 'string') {
    const p = new DOMParser().parseFromString(data, 'text/html').body.firstElementChild;
    const text = p?.textContent?.trim() ?? '';
    const fields = (p?.getAttribute('data-fields') ?? '').split(/\s+/).filter(Boolean);
    return { message: { text: text || failed, success }, fields };
  }
  const message = (data as { message?: unknown } | null)?.message;
  return { message: { text: typeof message === 'string' ? message : failed, success }, fields: [] };
}

/** The mismatch message: the page variable `errorPass` (NOTES, S162), else the label. */
function mismatchText(labels: AccountLabels): string {
  try {
    return pageVars().errorPass || labels.mismatch;
  } catch {
    return labels.mismatch;
  }
}

function values(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The wire fields of each theme action (the reference's names, `fistName` included). */
function wireFields(kind: AccountFormKind, v: Record<string, string>): Record<string, string> {
  const captcha = v.captcha?.trim() ? v.captcha : NO_CAPTCHA;
  if (kind === 'login') return { username: v.username ?? '', password: v.password ?? '', captcha, security: '', remember: v.remember ? 'true' : 'false' };
  if (kind === 'register')
    return { fistName: v.fistName ?? '', lastName: v.lastName ?? '', username: v.username ?? '', password: v.password ?? '', confirmPass: v.confirmPass ?? '', email: v.email ?? '', security: '', captcha };
  return { security: '', username: v.username ?? '', captcha };
}

/* ---------- the form ---------- */

type FormKind = AccountFormKind | 'new-password';

export interface AccountFormProps {
  kind: FormKind;
  labels: AccountLabels;
  /** keeps ids unique when the popup repeats a form on the /account/ page */
  idPrefix: string;
  /** the id of the heading that names the form */
  labelledBy: string;
  /** the answer to this form's plain post, if any */
  state?: FormState | null | undefined;
  /** login: where to go after signing in (a path on this site) */
  redirectTo?: string | undefined;
  /** new password: the reset link's token */
  token?: string;
  /** bumped when the form's first field should take the focus (the popup opened or switched) */
  focusKey?: number;
}

interface FieldDef {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  required: boolean;
}

function fieldsOf(kind: FormKind, l: AccountLabels): FieldDef[] {
  const f = (name: string, label: string, type: FieldDef['type'], autoComplete: string, required = true): FieldDef => ({ name, label, type, autoComplete, required });
  switch (kind) {
    case 'login':
      return [f('username', l.username, 'text', 'username'), f('password', l.password, 'password', 'current-password')];
    case 'register':
      return [
        f('fistName', l.firstName, 'text', 'given-name', false),
        f('lastName', l.lastName, 'text', 'family-name', false),
        f('username', l.usernameOnly, 'text', 'username'),
        f('email', l.email, 'email', 'email'),
        f('password', l.password, 'password', 'new-password'),
        f('confirmPass', l.confirmPassword, 'password', 'new-password'),
      ];
    case 'reset':
      return [f('username', l.username, 'text', 'username')];
    case 'new-password':
      return [f('password', l.newPassword, 'password', 'new-password'), f('confirmPass', l.confirmNewPassword, 'password', 'new-password')];
  }
}

const SUBMIT: Record<FormKind, keyof AccountLabels> = { login: 'login', register: 'register', reset: 'sendResetLink', 'new-password': 'savePassword' };
const FORM_VALUE: Record<FormKind, string | null> = { login: 'login', register: 'register', reset: 'reset', 'new-password': null };
const ID_PART: Record<FormKind, string> = { login: 'login', register: 'register', reset: 'reset', 'new-password': 'new-password' };

export function AccountForm({ kind, labels, idPrefix, labelledBy, state, redirectTo, token, focusKey = 0 }: AccountFormProps) {
  const [view, dispatch] = useReducer(reduce, state, initialView);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  // a mark clears when its field gets focus, except the focus the form gives it itself
  const focusing = useRef(false);
  const base = `${idPrefix}-${ID_PART[kind]}`;
  const msgId = `${base}-message`;
  const fields = fieldsOf(kind, labels);

  const input = (name: string) => {
    const el = formRef.current?.elements.namedItem(name);
    return el instanceof HTMLInputElement ? el : null;
  };
  const focusField = (el: HTMLInputElement | null) => {
    if (!el) return;
    focusing.current = true;
    el.focus();
    focusing.current = false;
  };

  useEffect(() => {
    if (view.focusInvalid) focusField(input(view.invalid[0] ?? ''));
  }, [view.focusInvalid]);
  useEffect(() => {
    if (focusKey) focusField(input(fields[0]!.name));
  }, [focusKey]);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    if (kind === 'new-password') {
      // checked here, then posted as a plain form (the server checks again)
      const check = checkNewPasswordForm(values(form));
      if (!check.invalid.length) return;
      e.preventDefault();
      dispatch({ type: 'refused', check, text: check.reason === 'mismatch' ? mismatchText(labels) : labels.required });
      return;
    }
    e.preventDefault();
    if (busy.current) return;
    const v = values(form);
    const check = checkAccountForm(kind, v);
    if (check.invalid.length) {
      dispatch({ type: 'refused', check, text: check.reason === 'mismatch' ? mismatchText(labels) : labels.required });
      return;
    }
    busy.current = true;
    dispatch({ type: 'sending' });
    let signedIn = false;
    try {
      const answer = await themeCall<unknown>(ACTIONS[kind], wireFields(kind, v));
      signedIn = answer.success && kind !== 'reset';
      dispatch({ type: 'answer', ...readAnswer(answer.data, answer.success, labels.failed), keepBusy: signedIn });
      if (answer.success && kind === 'reset') form.reset();
    } catch {
      dispatch({ type: 'answer', message: { text: labels.failed, success: false }, fields: [], keepBusy: false });
    }
    if (signedIn) {
      identityChanged();
      navigation.go(signedInTarget(location.href, redirectTo));
    } else busy.current = false;
  }

  const formValue = FORM_VALUE[kind];
  return (
    <form
      className={`account-form account-form--${ID_PART[kind]}`}
      method="post"
      action={kind === 'new-password' ? '/account/reset/' : '/account/'}
      aria-labelledby={labelledBy}
      aria-busy={view.busy || undefined}
      onSubmit={(e) => void onSubmit(e)}
      ref={formRef}
      noValidate
    >
      {formValue ? <input type="hidden" name="form" value={formValue} /> : null}
      {kind === 'new-password' ? <input type="hidden" name="token" value={token ?? ''} /> : null}
      {kind === 'login' && redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
      <div className="account-form__message" id={msgId} role="status" aria-live="polite">
        {view.message ? <p className={`account-message account-message--${view.message.success ? 'success' : 'error'}`}>{view.message.text}</p> : null}
      </div>
      {kind === 'register' ? (
        <div className="field-row">
          {fields.slice(0, 2).map((f) => (
            <Field key={f.name} f={f} id={`${base}-${f.name}`} msgId={msgId} state={state} invalid={view.invalid.includes(f.name)} onFocus={() => !focusing.current && dispatch({ type: 'unmark', name: f.name })} />
          ))}
        </div>
      ) : null}
      {(kind === 'register' ? fields.slice(2) : fields).map((f) => (
        <Field key={f.name} f={f} id={kind === 'new-password' ? `new-password${f.name === 'password' ? '' : '-confirm'}` : `${base}-${f.name}`} msgId={msgId} state={state} invalid={view.invalid.includes(f.name)} onFocus={() => !focusing.current && dispatch({ type: 'unmark', name: f.name })} />
      ))}
      {kind === 'login' ? (
        <p className="field field--check">
          <label>
            <input type="checkbox" name="remember" value="1" defaultChecked={state?.values.remember === '1'} /> {labels.remember}
          </label>
        </p>
      ) : null}
      <p>
        <button type="submit" className="btn" disabled={view.busy}>
          {labels[SUBMIT[kind]]}
        </button>
      </p>
    </form>
  );
}

function Field({ f, id, msgId, state, invalid, onFocus }: { f: FieldDef; id: string; msgId: string; state: FormState | null | undefined; invalid: boolean; onFocus: () => void }) {
  const keep = f.type !== 'password' ? state?.values[f.name] : undefined;
  const plain = f.type !== 'password';
  return (
    <p className="field">
      <label htmlFor={id}>{f.label}</label>
      <input
        id={id}
        type={f.type}
        name={f.name}
        autoComplete={f.autoComplete}
        required={f.required}
        defaultValue={keep || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={msgId}
        spellCheck={plain ? false : undefined}
        autoCapitalize={plain ? 'none' : undefined}
        onFocus={onFocus}
      />
    </p>
  );
}

/* ---------- /account/ and the reset link's page ---------- */

export interface AccountPanelsProps {
  labels: AccountLabels;
  /** the answer to a plain post of one of the forms */
  state?: FormState | null | undefined;
  redirectTo?: string | undefined;
}

/**
 * The standalone forms of /account/ (island `account-forms`): one panel shows at a time; the links
 * between them are in-page anchors, so they switch panels with CSS (`:target`) with or without
 * JavaScript. The panel shown when no anchor is targeted is the one a plain post answered.
 */
export function AccountPanels({ labels, state, redirectTo }: AccountPanelsProps) {
  const active = state?.form ?? 'login';
  const cls = (kind: AccountFormKind) => `account-panel${active === kind ? ' is-active' : ''}`;
  const mine = (kind: AccountFormKind) => (state?.form === kind ? state : null);
  return (
    <div className="account-panels">
      <section className={cls('login')} aria-labelledby="account-login-title" id="login">
        <h2 id="account-login-title">{labels.login}</h2>
        <AccountForm kind="login" labels={labels} idPrefix="page" labelledBy="account-login-title" state={mine('login')} redirectTo={redirectTo} />
        <p className="account-switch">
          <a href="#lost-password">{labels.lostPassword}</a>
          <span>
            {labels.noAccount} <a href="#register">{labels.register}</a>
          </span>
        </p>
      </section>
      <section className={cls('register')} aria-labelledby="account-register-title" id="register">
        <h2 id="account-register-title">{labels.register}</h2>
        <AccountForm kind="register" labels={labels} idPrefix="page" labelledBy="account-register-title" state={mine('register')} />
        <p className="account-switch">
          <span>
            {labels.haveAccount} <a href="#login">{labels.login}</a>
          </span>
        </p>
      </section>
      <section className={cls('reset')} aria-labelledby="account-reset-title" id="lost-password">
        <h2 id="account-reset-title">{labels.lostPassword}</h2>
        <AccountForm kind="reset" labels={labels} idPrefix="page" labelledBy="account-reset-title" state={mine('reset')} />
        <p className="account-switch">
          <a href="#login">{labels.login}</a>
        </p>
      </section>
    </div>
  );
}

export interface NewPasswordFormProps {
  labels: AccountLabels;
  token: string;
  state?: FormState | null | undefined;
  /** the id of the page's heading ("Choose a new password") */
  labelledBy: string;
}

/** The form of the reset link's page (island `account-new-password`): a new password, twice, and the token. */
export function NewPasswordForm({ labels, token, state, labelledBy }: NewPasswordFormProps) {
  return <AccountForm kind="new-password" labels={labels} idPrefix="page" labelledBy={labelledBy} token={token} state={state} />;
}

/** Sign-out: a plain POST with a nonce (signed-in pages are never cached, so they may carry one). */
export function SignOutForm({ t, nonce, redirectTo, className = 'sign-out-form', buttonClassName = 'btn btn--ghost' }: { t: Translate; nonce: string; redirectTo: string; className?: string; buttonClassName?: string }) {
  return (
    <form className={className} method="post" action="/account/">
      <input type="hidden" name="form" value="logout" />
      <input type="hidden" name="security" value={nonce} />
      <input type="hidden" name="redirect_to" value={redirectTo} />
      <button type="submit" className={buttonClassName}>
        {t('account.signOut')}
      </button>
    </form>
  );
}

/* ---------- the popup ---------- */

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
const TITLE_ID: Record<AccountFormKind, string> = { login: 'popup-login-title', register: 'popup-register-title', reset: 'popup-reset-title' };

/**
 * The account popup of the header's account link (island `account-popup`, rendered for anonymous
 * visitors only): a native modal <dialog> (Escape closes; Tab is kept inside; focus returns to
 * the link) with the login, register and lost-password panels switching in place. The header asks
 * for it through `popup-store.ts`; without JavaScript the link simply opens /account/.
 */
export function AccountPopup({ labels }: { labels: AccountLabels }) {
  const request = useSyncExternalStore(subscribePopup, popupRequest, noPopupRequest);
  const dialog = useRef<HTMLDialogElement>(null);
  const handled = useRef(0);
  const [panel, setPanel] = useState<AccountFormKind>('login');
  const [open, setOpen] = useState(false);
  // bumped to give the shown panel's first field the focus
  const [focusKey, setFocusKey] = useState(0);

  useEffect(() => attachPopup(), []);

  // a request from the header (also one made before this island hydrated)
  useEffect(() => {
    if (request.seq <= handled.current) return;
    handled.current = request.seq;
    setPanel(request.panel);
    setOpen(true);
    setFocusKey((k) => k + 1);
  }, [request]);

  // opened before the forms' effects run, so their focus lands in an open dialog
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);

  const switchTo = (to: AccountFormKind) => {
    setPanel(to);
    setFocusKey((k) => k + 1);
  };

  const onClose = () => {
    setOpen(false);
    const back = takeOpener();
    if (back?.isConnected) back.focus();
  };

  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) e.currentTarget.close(); // a click on the backdrop
  };

  // Tab and Shift+Tab go round inside the dialog
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const d = e.currentTarget;
    const list = [...d.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return;
    const active = d.ownerDocument.activeElement;
    if (e.shiftKey && (active === first || !d.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !d.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  const switchButton = (to: AccountFormKind, label: string) => (
    <button type="button" className="link-button" onClick={() => switchTo(to)}>
      {label}
    </button>
  );
  const section = (kind: AccountFormKind, title: string, links: ReactNode) => (
    <section className="account-popup__panel" aria-labelledby={TITLE_ID[kind]} hidden={panel !== kind}>
      <h2 id={TITLE_ID[kind]} tabIndex={-1}>
        {title}
      </h2>
      <AccountForm kind={kind} labels={labels} idPrefix="popup" labelledBy={TITLE_ID[kind]} focusKey={panel === kind ? focusKey : 0} />
      <p className="account-switch">{links}</p>
    </section>
  );

  return (
    <dialog id="account-popup" className="account-popup" aria-labelledby={TITLE_ID[panel]} ref={dialog} onClose={onClose} onClick={onClick} onKeyDown={onKeyDown}>
      <div className="account-popup__inner">
        <button type="button" className="icon-btn account-popup__close" aria-label={labels.close} onClick={() => setOpen(false)}>
          <Icon name="close" size={22} />
        </button>
        {section(
          'login',
          labels.login,
          <>
            {switchButton('reset', labels.lostPassword)}
            <span>
              {labels.noAccount} {switchButton('register', labels.register)}
            </span>
          </>,
        )}
        {section(
          'register',
          labels.register,
          <span>
            {labels.haveAccount} {switchButton('login', labels.login)}
          </span>,
        )}
        {section('reset', labels.lostPassword, switchButton('login', labels.login))}
      </div>
    </dialog>
  );
}
