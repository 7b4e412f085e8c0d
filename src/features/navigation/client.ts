import { enhance } from '../../ui/client/enhance.ts';

/** Archive sort dropdown: submits its form on change (the submit button stays for no-script use). */
enhance('form[data-archive-sort]', (form) => {
  const select = form.querySelector('select');
  select?.addEventListener('change', () => (form as HTMLFormElement).requestSubmit());
});
