import { enhance } from '../../ui/client/enhance.ts';

/** Archive sort dropdown: submits its form on change (the submit button stays for no-script use). */
enhance('form[data-archive-sort]', (form) => {
  const select = form.querySelector('select');
  select?.addEventListener('change', () => (form as HTMLFormElement).requestSubmit());
});

/** Back-to-top shows by a CSS scroll-driven animation; older browsers get a small scroll check. */
if (typeof CSS === 'undefined' || !CSS.supports('animation-timeline: scroll()')) {
  void import('./back-to-top-fallback.ts').then((m) => m.startBackToTopFallback());
}
