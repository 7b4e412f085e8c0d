/**
 * The typed client of Contact Form 7's REST wire (SPEC 4/5/8 and NOTES "Contact forms"), used by
 * the form island (./ContactFormView.tsx): the page settings check with SPEC 8's console errors,
 * `apiFetch` (`{root}{namespace}/{endpoint}`, CF7's error semantics), the message a failed call
 * shows, and CF7's DOM events (`wpcf7{name}`, bubbling, with CF7's detail). No markup lookups:
 * the component owns its markup and state.
 */
import { pageVars } from '../../ui/page-vars.ts';
import type { ClientMessages } from './ContactForm.tsx';
import type { Schema } from './rules.ts';

// ---------------------------------------------------------------------------------------------
// Settings, environment, REST calls

interface ApiSettings {
  root: string;
  namespace?: string;
}

/** A catalogue error (SPEC 8). */
export interface ApiError {
  code: string;
  message: string;
}

export const FETCH_ERROR: ApiError = { code: 'fetch_error', message: 'You are probably offline.' };
export const INVALID_JSON: ApiError = { code: 'invalid_json', message: 'The response is not a valid JSON response.' };

const isApiError = (e: unknown): e is ApiError => typeof e === 'object' && e !== null && typeof (e as ApiError).code === 'string' && typeof (e as ApiError).message === 'string';

let api: ApiSettings | null = null;

/**
 * Reads the page settings and checks the browser, logging SPEC 8's console errors. Returns false
 * when the script cannot run: the forms then keep working as plain HTML posts.
 */
export function checkEnvironment(): boolean {
  let settings: unknown;
  try {
    settings = pageVars().wpcf7;
  } catch {
    // a Contact Form 7 page publishes `var wpcf7 = { api: { root, namespace } }` instead
    settings = (globalThis as { wpcf7?: unknown }).wpcf7;
  }
  if (typeof settings !== 'object' || settings === null) {
    console.error('wpcf7 is not defined.');
    return false;
  }
  const a = (settings as { api?: unknown }).api;
  if (typeof a !== 'object' || a === null || typeof (a as ApiSettings).root !== 'string') {
    console.error('wpcf7.api is not defined.');
    return false;
  }
  if (typeof window.fetch !== 'function') {
    console.error('Your browser does not support window.fetch().');
    return false;
  }
  if (typeof window.FormData !== 'function') {
    console.error('Your browser does not support window.FormData().');
    return false;
  }
  if (typeof NodeList.prototype.forEach !== 'function') {
    console.error('Your browser does not support NodeList.forEach().');
    return false;
  }
  if (typeof String.prototype.replaceAll !== 'function') {
    console.error('Your browser does not support String.replaceAll().');
    return false;
  }
  api = a as ApiSettings;
  return true;
}

/**
 * Contact Form 7's apiFetch: `{root}{namespace}/{endpoint}`, JSON accepted. Offline → throws
 * fetch_error; non-2xx → throws the Response; 204 → null; unparsable body → throws invalid_json.
 */
export async function apiFetch<T>(endpoint: string, init: { method: 'GET' | 'POST'; body?: FormData }): Promise<T | null> {
  if (!api) throw new Error('wpcf7.api is not defined.');
  const namespace = (api.namespace ?? 'contact-form-7/v1').replace(/^\/|\/$/g, '');
  let path = `${namespace}/${endpoint.replace(/^\//, '')}`;
  if (api.root.includes('?')) path = path.replace('?', '&');
  let response: Response;
  try {
    response = await window.fetch(api.root + path, {
      method: init.method,
      headers: { Accept: 'application/json, */*;q=0.1' },
      credentials: 'same-origin',
      ...(init.body ? { body: init.body } : { cache: 'no-store' as const }),
    });
  } catch {
    throw FETCH_ERROR;
  }
  if (response.status < 200 || response.status >= 300) throw response;
  if (response.status === 204) return null;
  try {
    return (await response.json()) as T;
  } catch {
    throw INVALID_JSON;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers and events

/** What a failed call shows: the catalogue message, the server's error message, or the form's. */
export async function failureMessage(messages: Pick<ClientMessages, 'fetch_error' | 'invalid_json' | 'mail_sent_ng'>, error: unknown): Promise<string> {
  if (isApiError(error) && error.code === FETCH_ERROR.code) return messages.fetch_error;
  if (isApiError(error) && error.code === INVALID_JSON.code) return messages.invalid_json;
  if (error instanceof Response) {
    try {
      const body = (await error.clone().json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      /* not JSON */
    }
  }
  return messages.mail_sent_ng;
}

/** Fires Contact Form 7's `wpcf7{name}` event (bubbling, with CF7's detail) on a form. */
export function triggerEvent(target: EventTarget, name: string, detail: unknown): void {
  target.dispatchEvent(new CustomEvent(`wpcf7${name}`, { bubbles: true, detail }));
}

// ---------------------------------------------------------------------------------------------
// Once per page

let environment: boolean | null = null;

/** checkEnvironment(), once per page (its console errors are logged once). */
export const environmentReady = (): boolean => (environment ??= checkEnvironment());

const schemas = new Map<number, Promise<Schema | null>>();

/** The form's validation schema: fetched once per form id (a failure is logged; the server decides then). */
export function loadSchema(id: number): Promise<Schema | null> {
  let schema = schemas.get(id);
  if (!schema) {
    schema = apiFetch<Schema>(`contact-forms/${id}/feedback/schema`, { method: 'GET' }).catch((error: unknown) => {
      console.error(error);
      return null;
    });
    schemas.set(id, schema);
  }
  return schema;
}
