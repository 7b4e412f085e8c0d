/**
 * Demo content of the contact-form feature: forms 1 (`/contact/`) and 2 (`/request-a-quote/`)
 * of RUNTIME-CONTRACT.md, created with exactly those ids, and form 3 (`/privacy-policy/`, with a
 * captcha). Safe to call twice.
 */
import type { Repositories } from '../../server/db/repositories/index.server.ts';
import { demoForms } from './definition.ts';

export async function installDemoForms(repos: Pick<Repositories, 'forms'>): Promise<void> {
  for (const form of demoForms) {
    if (await repos.forms.byId(form.id)) continue;
    await repos.forms.create({ id: form.id, title: form.title, locale: form.locale, definition: form });
  }
}
