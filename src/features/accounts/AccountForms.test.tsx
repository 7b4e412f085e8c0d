// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { translator } from '../../i18n/index.ts';
import { AccountPanels, AccountPopup, NewPasswordForm, accountLabels, navigation, type FormState } from './AccountForms.tsx';
import { openAccountPopup, resetPopupStore, POPUP_WAIT_MS } from './popup-store.ts';
import { fakeThemeEndpoint, hydrateServerHtml } from '../../../tests/support/island.ts';
import { messageHtml } from './action.server.ts';

const labels = accountLabels(translator('en'));

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods: open/close as browsers do (close then fires `close`)
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal: () => void; close: () => void };
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')), 0); // a queued task, as in browsers
  };
});

afterEach(() => {
  document.body.innerHTML = '';
  resetPopupStore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function popup() {
  const { errors } = await hydrateServerHtml([{ name: 'account-popup', of: AccountPopup, props: { labels } }]);
  expect(errors).toEqual([]);
  const dialog = document.getElementById('account-popup') as HTMLDialogElement;
  return dialog;
}

async function open(panel: 'login' | 'register' | 'reset' = 'login', from: HTMLElement | null = null) {
  await act(async () => openAccountPopup(panel, from, '/account/'));
}

const submit = async (scope: HTMLElement, name: string) => {
  await act(async () => within(scope).getByRole('button', { name }).click());
  await act(async () => new Promise((r) => setTimeout(r, 0)));
};
/** the popup's shown panel */
const shown = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('section:not([hidden])')!;
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (el: HTMLInputElement, value: string) => fireEvent.change(el, { target: { value } });

describe('AccountPopup island', () => {
  it('hydrates closed without a mismatch; the header\'s request opens the login panel with the focus in its first field', async () => {
    const dialog = await popup();
    expect(dialog.open).toBe(false);
    expect(dialog.getAttribute('aria-labelledby')).toBe('popup-login-title');
    const link = document.createElement('a');
    link.href = '/account/';
    document.body.append(link);
    await open('login', link);
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(field(shown(dialog), 'Username or e-mail'));

    // the panels switch in place; the dialog is named by the shown panel
    await act(async () => within(dialog).getByRole('button', { name: 'Register' }).click());
    expect(dialog.getAttribute('aria-labelledby')).toBe('popup-register-title');
    expect(within(dialog).queryByRole('textbox', { name: 'Username or e-mail' })).toBeNull();
    expect(document.activeElement).toBe(field(shown(dialog), 'First name'));

    // the close button closes it and the focus returns to the link that opened it
    await act(async () => within(dialog).getByRole('button', { name: 'Close' }).click());
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(link);
    // opened again, it starts on the login panel
    await open('login');
    expect(dialog.getAttribute('aria-labelledby')).toBe('popup-login-title');
  });

  it('a request made before the popup hydrated opens it when it does; with no popup the link is followed', async () => {
    await act(async () => openAccountPopup('reset', null, '/account/'));
    const dialog = await popup();
    await waitFor(() => expect(dialog.open).toBe(true));
    expect(dialog.getAttribute('aria-labelledby')).toBe('popup-reset-title');

    resetPopupStore();
    vi.useFakeTimers();
    const go = vi.fn();
    openAccountPopup('login', null, '/account/', go);
    vi.advanceTimersByTime(POPUP_WAIT_MS);
    expect(go).toHaveBeenCalledWith('/account/');
  });

  it('an empty submit marks the required fields and says so without a request; focus clears a mark', async () => {
    const calls = fakeThemeEndpoint(() => ({ success: false, data: '' }));
    const dialog = await popup();
    await open();
    await submit(dialog, 'Log in');
    const user = field(shown(dialog), 'Username or e-mail');
    const password = field(shown(dialog), 'Password');
    expect(user.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByRole('status')[0]!.textContent).toBe('Please fill in the marked fields.');
    expect(document.activeElement).toBe(user); // the first marked field has the focus, still marked
    expect(calls).toEqual([]);
    await act(async () => password.focus());
    expect(password.hasAttribute('aria-invalid')).toBe(false);
    expect(user.getAttribute('aria-invalid')).toBe('true');
  });

  it('registration: a password mismatch marks both fields without a request', async () => {
    const calls = fakeThemeEndpoint(() => ({ success: false, data: '' }));
    const dialog = await popup();
    await open('register');
    const panel = shown(dialog);
    expect(within(panel).getByRole('form', { name: 'Register' })).toBeTruthy();
    type(field(panel, 'Username'), 'nora');
    type(field(panel, 'E-mail'), 'nora@example.org');
    type(field(panel, 'Password'), 'violet-harbour-42');
    type(field(panel, 'Confirm password'), 'violet-harbour-24');
    await submit(panel, 'Register');
    expect(field(panel, 'Password').getAttribute('aria-invalid')).toBe('true');
    expect(field(panel, 'Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(field(panel, 'Username').hasAttribute('aria-invalid')).toBe(false);
    expect(within(panel).getByRole('status').textContent).toBe('The passwords do not match.');
    expect(calls).toEqual([]);
  });

  it('shows the server\'s message and marks its fields; the reference\'s wire fields are sent', async () => {
    const calls = fakeThemeEndpoint(() => ({ success: false, data: messageHtml({ success: false, message: 'The user name or password is <incorrect>.', fields: ['password'] }) }));
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    const dialog = await popup();
    await open();
    type(field(shown(dialog), 'Username or e-mail'), 'admin');
    type(field(shown(dialog), 'Password'), 'wrong');
    await submit(dialog, 'Log in');
    await waitFor(() => expect(within(dialog).getAllByRole('status')[0]!.textContent).toBe('The user name or password is <incorrect>.'));
    expect(within(dialog).getAllByRole('status')[0]!.querySelector('.account-message--error')).not.toBeNull();
    expect(field(shown(dialog), 'Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.action).toBe('masthead_login_ajax');
    expect(calls[0]!.fields).toEqual({ action: 'masthead_login_ajax', username: 'admin', password: 'wrong', captcha: 'noexists', security: 'n0nce-for-tests', remember: 'false', nonce: 'n0nce-for-tests' });
    expect(go).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
  });

  it('a failed call says so', async () => {
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 500 }));
    const dialog = await popup();
    await open('reset');
    const panel = shown(dialog);
    type(field(panel, 'Username or e-mail'), 'someone');
    await submit(panel, 'Send reset link');
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Something went wrong. Please try again.'));
  });

  it('a sign-in reloads the address with loggedin=1, keeping its query and hash', async () => {
    history.replaceState(null, '', '/welcome/?ref=home#top');
    const calls = fakeThemeEndpoint((_action, f) => ({ success: true, data: messageHtml({ success: true, message: `Welcome, ${f.fistName}!`, fields: [] }) }));
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    const dialog = await popup();
    await open('register');
    const panel = shown(dialog);
    type(field(panel, 'First name'), 'Nora');
    type(field(panel, 'Last name'), 'Kim');
    type(field(panel, 'Username'), 'nora');
    type(field(panel, 'E-mail'), 'nora@example.org');
    type(field(panel, 'Password'), 'violet-harbour-42');
    type(field(panel, 'Confirm password'), 'violet-harbour-42');
    await submit(panel, 'Register');
    await waitFor(() => expect(go).toHaveBeenCalledWith(`${location.origin}/welcome/?ref=home&loggedin=1#top`));
    expect(within(panel).getByRole('status').textContent).toBe('Welcome, Nora!');
    expect(within(panel).getByRole('button', { name: 'Register' })).toHaveProperty('disabled', true);
    expect(Object.keys(calls[0]!.fields).sort()).toEqual(['action', 'captcha', 'confirmPass', 'email', 'fistName', 'lastName', 'nonce', 'password', 'security', 'username']);
    history.replaceState(null, '', '/');
  });

  it('Tab and Shift+Tab go round inside the dialog', async () => {
    const dialog = await popup();
    await open();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const register = within(dialog).getByRole('button', { name: 'Register' });
    // jsdom lays nothing out: every element counts as shown
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    register.focus();
    fireEvent.keyDown(register, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(register);
  });
});

describe('AccountPanels island (/account/)', () => {
  it('hydrates the answer to a plain post: its panel active, message, marks and kept values', async () => {
    const state: FormState = { form: 'register', success: false, message: 'This user name is already taken.', fields: ['username'], values: { fistName: 'Nora', lastName: '', username: 'nora', email: 'n@example.org' } };
    const { errors } = await hydrateServerHtml([{ name: 'account-forms', of: AccountPanels, props: { labels, state } }]);
    expect(errors).toEqual([]);
    const register = document.getElementById('register')!;
    expect(register.classList.contains('is-active')).toBe(true);
    expect(document.getElementById('login')!.classList.contains('is-active')).toBe(false);
    expect(within(register).getByRole('status').textContent).toBe('This user name is already taken.');
    expect(field(register, 'Username').getAttribute('aria-invalid')).toBe('true');
    expect(field(register, 'Username').value).toBe('nora');
    expect(field(register, 'First name').value).toBe('Nora');
    expect(field(register, 'Password').value).toBe('');
    // plain forms: they post to /account/ with the form's name
    const form = within(register).getByRole('form', { name: 'Register' }) as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/account/');
    expect(form.method).toBe('post');
    expect((form.elements.namedItem('form') as HTMLInputElement).value).toBe('register');
  });

  it('lost password: the answer shows and the form is cleared', async () => {
    fakeThemeEndpoint(() => ({ success: true, data: messageHtml({ success: true, message: 'If an account matches, we have sent a link.', fields: [] }) }));
    await hydrateServerHtml([{ name: 'account-forms', of: AccountPanels, props: { labels, redirectTo: '/admin/' } }]);
    expect((document.querySelector('input[name="redirect_to"]') as HTMLInputElement).value).toBe('/admin/');
    const reset = document.getElementById('lost-password')!;
    type(field(reset, 'Username or e-mail'), 'ana');
    await submit(reset, 'Send reset link');
    await waitFor(() => expect(within(reset).getByRole('status').textContent).toBe('If an account matches, we have sent a link.'));
    expect(within(reset).getByRole('status').querySelector('.account-message--success')).not.toBeNull();
    expect(field(reset, 'Username or e-mail').value).toBe('');
  });

  it('a sign-in with a redirect target goes there with the flag', async () => {
    fakeThemeEndpoint(() => ({ success: true, data: messageHtml({ success: true, message: 'Signed in.', fields: [] }) }));
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    await hydrateServerHtml([{ name: 'account-forms', of: AccountPanels, props: { labels, redirectTo: '/admin/' } }]);
    const login = document.getElementById('login')!;
    type(field(login, 'Username or e-mail'), 'admin');
    type(field(login, 'Password'), 'secret');
    await submit(login, 'Log in');
    await waitFor(() => expect(go).toHaveBeenCalledWith(`${location.origin}/admin/?loggedin=1`));
  });
});

describe('NewPasswordForm island (reset link)', () => {
  it('a mismatch is marked and not posted; matching passwords post the plain form', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'account-new-password', of: NewPasswordForm, props: { labels, token: 'tok', labelledBy: 'x' } }]);
    expect(errors).toEqual([]);
    const form = document.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/account/reset/');
    expect((form.elements.namedItem('token') as HTMLInputElement).value).toBe('tok');
    // a listener above the island sees whether the component stopped the post (then stops it: jsdom does not navigate)
    const prevented: boolean[] = [];
    const watchPost = (e: Event) => {
      prevented.push(e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('submit', watchPost);
    type(field(form, 'New password'), 'second-secret-pass');
    type(field(form, 'Confirm new password'), 'second-secret-pas');
    await submit(form, 'Save password');
    expect(within(form).getByRole('status').textContent).toBe('The passwords do not match.');
    expect(field(form, 'Confirm new password').getAttribute('aria-invalid')).toBe('true');
    type(field(form, 'Confirm new password'), 'second-secret-pass');
    await submit(form, 'Save password');
    expect(prevented).toEqual([true, false]);
    document.removeEventListener('submit', watchPost);
  });
});
