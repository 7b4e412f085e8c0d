// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// Pages are rendered on demand by our own server entry (src/server/http/main.server.ts), which
// wraps the adapter's middleware handler with compression, the page cache and security headers.
export default defineConfig({
  output: 'server',
  // The adapter's own ceiling on a body (our entry applies the per-route limits first:
  // src/server/http/body-limit.server.ts); its default is 1 GB. Here: the largest of our limits,
  // the WordPress import's 512 MB upload plus its envelope (LARGEST_BODY_MAX).
  // Pages render to one string (the adapter's experimentalDisableStreaming): our entry captures
  // the whole response before it sends anything, so a stream of chunks only adds work.
  adapter: node({ mode: 'middleware', bodySizeLimit: 513 * 1024 * 1024, experimentalDisableStreaming: true }),
  // Server components render with renderToString: a whole string at once, instead of a stream of
  // bytes that is decoded back into a string (nothing of ours streams or suspends).
  integrations: [react({ experimentalDisableStreaming: true })],
  trailingSlash: 'ignore',
  session: false,
  security: { checkOrigin: false }, // our endpoint checks Origin and nonce itself (features/theme-calls)
  build: { inlineStylesheets: 'auto', assets: '_astro' },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
  vite: {
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['better-sqlite3', 'pg', '@node-rs/argon2', 'pino', 'nodemailer'] },
  },
});
