/** The demo chain of RUNTIME-CONTRACT.md, newest first; each post's previous post is the next one. */
export const demoPostSlugs = [
  'welcome-to-the-new-edition',
  'lemon-olive-oil-cake',
  'mirrorless-camera-review',
  'twelve-coastal-walks',
  'streets-after-rain',
  'studio-sessions',
  'harbour-district-guide',
  'quiet-mornings',
  'on-slow-reading',
  'notes-from-the-archive',
  'the-editors-letter',
  'first-light',
] as const;

/** Password of `admin` in the e2e server (playwright.config.ts). */
export const E2E_ADMIN_PASSWORD = 'admin-e2e-password';
