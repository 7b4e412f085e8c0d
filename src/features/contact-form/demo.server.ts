import type { Repositories } from '../../server/db/repositories/index.server.ts';
import { demoForms } from './definition.ts';

/** Creates the demo contact forms with their contract ids (1: contact, 2: request a quote). */
export async function installDemoForms(repos: Repositories): Promise<void> {
  for (const form of demoForms) {
    if (await repos.forms.byId(form.id)) continue;
    await repos.forms.create({ id: form.id, title: form.title, locale: form.locale, definition: form });
  }
}
