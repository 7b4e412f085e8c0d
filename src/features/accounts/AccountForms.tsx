import type { Translate } from '../../i18n/index.ts';

/**
 * Login, registration and lost-password forms with the reference's field names. They post as
 * plain forms to /account/ (server-rendered answer) and the accounts script sends them through
 * the theme endpoint instead. `idPrefix` keeps ids unique when the popup repeats them.
 */
export function LoginForm({ t, idPrefix }: { t: Translate; idPrefix: string }) {
  return (
    <form className="account-form account-form--login" method="post" action="/account/" data-account-form="login" noValidate>
      <input type="hidden" name="form" value="login" />
      <div className="account-form__message" role="status" aria-live="polite"></div>
      <p className="field">
        <label htmlFor={`${idPrefix}-login-username`}>{t('account.username')}</label>
        <input id={`${idPrefix}-login-username`} type="text" name="username" autoComplete="username" required />
      </p>
      <p className="field">
        <label htmlFor={`${idPrefix}-login-password`}>{t('account.password')}</label>
        <input id={`${idPrefix}-login-password`} type="password" name="password" autoComplete="current-password" required />
      </p>
      <p className="field field--check">
        <label>
          <input type="checkbox" name="remember" value="1" /> {t('account.remember')}
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

export function RegisterForm({ t, idPrefix }: { t: Translate; idPrefix: string }) {
  const f = (name: string, label: string, type: string, autoComplete: string, required = true) => (
    <p className="field">
      <label htmlFor={`${idPrefix}-register-${name}`}>{label}</label>
      <input id={`${idPrefix}-register-${name}`} type={type} name={name} autoComplete={autoComplete} required={required} />
    </p>
  );
  return (
    <form className="account-form account-form--register" method="post" action="/account/" data-account-form="register" noValidate>
      <input type="hidden" name="form" value="register" />
      <div className="account-form__message" role="status" aria-live="polite"></div>
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

export function LostPasswordForm({ t, idPrefix }: { t: Translate; idPrefix: string }) {
  return (
    <form className="account-form account-form--reset" method="post" action="/account/" data-account-form="reset" noValidate>
      <input type="hidden" name="form" value="reset" />
      <div className="account-form__message" role="status" aria-live="polite"></div>
      <p className="field">
        <label htmlFor={`${idPrefix}-reset-username`}>{t('account.username')}</label>
        <input id={`${idPrefix}-reset-username`} type="text" name="username" autoComplete="username" required />
      </p>
      <p>
        <button type="submit" className="btn">
          {t('account.lostPassword')}
        </button>
      </p>
    </form>
  );
}

/** The standalone forms of /account/: login and registration side by side, toggled on small screens. */
export function AccountPanels({ t }: { t: Translate }) {
  return (
    <div className="account-panels">
      <section className="account-panel" aria-labelledby="account-login-title" id="login">
        <h2 id="account-login-title">{t('account.login')}</h2>
        <LoginForm t={t} idPrefix="page" />
        <p>
          <a href="#lost-password">{t('account.lostPassword')}</a> · <a href="#register" data-account-toggle="register">{t('account.register')}</a>
        </p>
      </section>
      <section className="account-panel" aria-labelledby="account-register-title" id="register">
        <h2 id="account-register-title">{t('account.register')}</h2>
        <RegisterForm t={t} idPrefix="page" />
        <p>
          <a href="#login" data-account-toggle="login">{t('account.login')}</a>
        </p>
      </section>
      <section className="account-panel" aria-labelledby="account-reset-title" id="lost-password">
        <h2 id="account-reset-title">{t('account.lostPassword')}</h2>
        <LostPasswordForm t={t} idPrefix="page" />
      </section>
    </div>
  );
}
