import type { Translate } from '../../i18n/index.ts';
import type { AccountFormKind } from './validation.ts';
import { Icon } from '../../ui/Icon.tsx';

/**
 * Login, registration and lost-password forms with the reference's field names. They post as
 * plain forms to /account/ (server-rendered answer, field `form` says which) and the accounts
 * script sends them through the theme endpoint instead. `idPrefix` keeps ids unique when the
 * popup repeats them on the /account/ page.
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

interface FormProps {
  t: Translate;
  idPrefix: string;
  /** the answer to this form's plain post, if any */
  state?: FormState | null | undefined;
}

function Message({ id, state }: { id: string; state: FormState | null | undefined }) {
  return (
    <div className="account-form__message" id={id} role="status" aria-live="polite">
      {state ? (
        <p className={`account-message account-message--${state.success ? 'success' : 'error'}`} data-fields={state.fields.join(' ') || undefined}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  required?: boolean;
  state: FormState | null | undefined;
  messageId: string;
}

function Field({ id, name, label, type, autoComplete, required = true, state, messageId }: FieldProps) {
  const keep = type !== 'password' ? state?.values[name] : undefined;
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        required={required}
        defaultValue={keep || undefined}
        aria-invalid={state?.fields.includes(name) ? 'true' : undefined}
        aria-describedby={messageId}
        spellCheck={type === 'text' || type === 'email' ? false : undefined}
        autoCapitalize={type === 'text' || type === 'email' ? 'none' : undefined}
      />
    </p>
  );
}

export function LoginForm({ t, idPrefix, state, redirectTo }: FormProps & { redirectTo?: string | undefined }) {
  const msg = `${idPrefix}-login-message`;
  return (
    <form className="account-form account-form--login" method="post" action="/account/" data-account-form="login" data-msg-required={t('account.required')} data-msg-failed={t('account.failed')} noValidate>
      <input type="hidden" name="form" value="login" />
      {redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
      <Message id={msg} state={state} />
      <Field id={`${idPrefix}-login-username`} name="username" label={t('account.username')} type="text" autoComplete="username" state={state} messageId={msg} />
      <Field id={`${idPrefix}-login-password`} name="password" label={t('account.password')} type="password" autoComplete="current-password" state={state} messageId={msg} />
      <p className="field field--check">
        <label>
          <input type="checkbox" name="remember" value="1" defaultChecked={state?.values.remember === '1'} /> {t('account.remember')}
        </label>
      </p>
      <p>
        <button type="submit" className="btn">
          {t('account.login')}
        </button>
      </p>
    </form>
  );
}

export function RegisterForm({ t, idPrefix, state }: FormProps) {
  const msg = `${idPrefix}-register-message`;
  const f = (name: string, label: string, type: string, autoComplete: string, required = true) => (
    <Field id={`${idPrefix}-register-${name}`} name={name} label={label} type={type} autoComplete={autoComplete} required={required} state={state} messageId={msg} />
  );
  return (
    <form className="account-form account-form--register" method="post" action="/account/" data-account-form="register" data-msg-required={t('account.required')} data-msg-failed={t('account.failed')} noValidate>
      <input type="hidden" name="form" value="register" />
      <Message id={msg} state={state} />
      <div className="field-row">
        {f('fistName', t('account.firstName'), 'text', 'given-name', false)}
        {f('lastName', t('account.lastName'), 'text', 'family-name', false)}
      </div>
      {f('username', t('account.usernameOnly'), 'text', 'username')}
      {f('email', t('account.email'), 'email', 'email')}
      {f('password', t('account.password'), 'password', 'new-password')}
      {f('confirmPass', t('account.confirmPassword'), 'password', 'new-password')}
      <p>
        <button type="submit" className="btn">
          {t('account.register')}
        </button>
      </p>
    </form>
  );
}

export function LostPasswordForm({ t, idPrefix, state }: FormProps) {
  const msg = `${idPrefix}-reset-message`;
  return (
    <form className="account-form account-form--reset" method="post" action="/account/" data-account-form="reset" data-msg-required={t('account.required')} data-msg-failed={t('account.failed')} noValidate>
      <input type="hidden" name="form" value="reset" />
      <Message id={msg} state={state} />
      <Field id={`${idPrefix}-reset-username`} name="username" label={t('account.username')} type="text" autoComplete="username" state={state} messageId={msg} />
      <p>
        <button type="submit" className="btn">
          {t('account.sendResetLink')}
        </button>
      </p>
    </form>
  );
}

/** The form of the reset link's page: a new password, twice, and the token from the link. */
export function NewPasswordForm({ t, token, state }: { t: Translate; token: string; state?: FormState | null | undefined }) {
  const msg = 'new-password-message';
  return (
    <form className="account-form account-form--new-password" method="post" action="/account/reset/" noValidate>
      <input type="hidden" name="token" value={token} />
      <Message id={msg} state={state} />
      <Field id="new-password" name="password" label={t('account.newPassword')} type="password" autoComplete="new-password" state={state} messageId={msg} />
      <Field id="new-password-confirm" name="confirmPass" label={t('account.confirmNewPassword')} type="password" autoComplete="new-password" state={state} messageId={msg} />
      <p>
        <button type="submit" className="btn">
          {t('account.savePassword')}
        </button>
      </p>
    </form>
  );
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

/**
 * The standalone forms of /account/: one panel shows at a time; the links between them are
 * in-page anchors, so they switch panels with CSS (`:target`) with or without JavaScript.
 * `active` is the panel shown when no anchor is targeted (the one a plain post answered).
 */
export function AccountPanels({ t, state, redirectTo }: { t: Translate; state?: FormState | null | undefined; redirectTo?: string | undefined }) {
  const active = state?.form ?? 'login';
  const cls = (kind: AccountFormKind) => `account-panel${active === kind ? ' is-active' : ''}`;
  const mine = (kind: AccountFormKind) => (state?.form === kind ? state : null);
  return (
    <div className="account-panels">
      <section className={cls('login')} aria-labelledby="account-login-title" id="login">
        <h2 id="account-login-title">{t('account.login')}</h2>
        <LoginForm t={t} idPrefix="page" state={mine('login')} redirectTo={redirectTo} />
        <p className="account-switch">
          <a href="#lost-password">{t('account.lostPassword')}</a>
          <span>
            {t('account.noAccount')}{' '}
            <a href="#register" data-account-toggle="register">
              {t('account.register')}
            </a>
          </span>
        </p>
      </section>
      <section className={cls('register')} aria-labelledby="account-register-title" id="register">
        <h2 id="account-register-title">{t('account.register')}</h2>
        <RegisterForm t={t} idPrefix="page" state={mine('register')} />
        <p className="account-switch">
          <span>
            {t('account.haveAccount')}{' '}
            <a href="#login" data-account-toggle="login">
              {t('account.login')}
            </a>
          </span>
        </p>
      </section>
      <section className={cls('reset')} aria-labelledby="account-reset-title" id="lost-password">
        <h2 id="account-reset-title">{t('account.lostPassword')}</h2>
        <LostPasswordForm t={t} idPrefix="page" state={mine('reset')} />
        <p className="account-switch">
          <a href="#login" data-account-toggle="login">
            {t('account.login')}
          </a>
        </p>
      </section>
    </div>
  );
}

/**
 * The account popup of the header's account button: a native modal <dialog> (focus trapped,
 * Escape closes, focus returns) with the three panels switching in place. Rendered for anonymous
 * visitors only; without JavaScript the header button is a plain link to /account/.
 */
export function AccountPopup({ t }: { t: Translate }) {
  const switchTo = (panel: AccountFormKind, label: string) => (
    <button type="button" className="link-button" data-account-switch={panel}>
      {label}
    </button>
  );
  return (
    <dialog id="account-popup" className="account-popup" aria-labelledby="popup-login-title" data-account-dialog>
      <div className="account-popup__inner">
      <button type="button" className="icon-btn account-popup__close" data-account-close aria-label={t('nav.close')}>
        <Icon name="close" size={22} />
      </button>
      <section className="account-popup__panel" data-account-panel="login" aria-labelledby="popup-login-title">
        <h2 id="popup-login-title" tabIndex={-1}>
          {t('account.login')}
        </h2>
        <LoginForm t={t} idPrefix="popup" />
        <p className="account-switch">
          {switchTo('reset', t('account.lostPassword'))}
          <span>
            {t('account.noAccount')} {switchTo('register', t('account.register'))}
          </span>
        </p>
      </section>
      <section className="account-popup__panel" data-account-panel="register" aria-labelledby="popup-register-title" hidden>
        <h2 id="popup-register-title" tabIndex={-1}>
          {t('account.register')}
        </h2>
        <RegisterForm t={t} idPrefix="popup" />
        <p className="account-switch">
          <span>
            {t('account.haveAccount')} {switchTo('login', t('account.login'))}
          </span>
        </p>
      </section>
      <section className="account-popup__panel" data-account-panel="reset" aria-labelledby="popup-reset-title" hidden>
        <h2 id="popup-reset-title" tabIndex={-1}>
          {t('account.lostPassword')}
        </h2>
        <LostPasswordForm t={t} idPrefix="popup" />
        <p className="account-switch">{switchTo('login', t('account.login'))}</p>
      </section>
      </div>
    </dialog>
  );
}
