import { defineConfig } from 'vitest/config';

/**
 * Unit, component (jsdom, per file with `// @vitest-environment jsdom`) and integration tests.
 * Integration tests open real databases through tests/support/db.ts (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set by `npm test`).
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
