import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; never `playwright install`) against
 * the built server on a scratch DATA_DIR with the demo content. scripts/e2e-server.ts also runs a
 * local SMTP catcher that writes the site's mail to .tmp/e2e-mail (tests/e2e/support/mail.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2599);
// Per-port scratch folders, so several runs (several developers on one machine) never collide.
export const dataDir = path.resolve(`.tmp/e2e-data-${PORT}`);
process.env.E2E_MAIL_DIR ??= path.resolve(`.tmp/e2e-mail-${PORT}`);
process.env.E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0, // a test that fails once fails the run: fix flaky tests instead
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `node scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MASTHEAD_ADMIN_PASSWORD: 'admin-e2e-password',
      MASTHEAD_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0000',
      MASTHEAD_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      E2E_SMTP_PORT: String(SMTP_PORT),
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      // E2E_DIST=.tmp/dist-x serves a build made with `npm run build -- --outDir .tmp/dist-x`
      ...(process.env.E2E_DIST ? { MASTHEAD_DIST: path.resolve(process.env.E2E_DIST) } : {}),
    },
  },
});
