import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, ProxyListError, type TrustedProxies } from './http/client-address.server.ts';

/** Everything the process reads from its environment, validated once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  demo: boolean;
  adminPassword: string | undefined;
  adminEmail: string;
  smtpUrl: string | undefined;
  secret: string;
  /** MASTHEAD_SECRET was set: the key is the operator's (otherwise PostgreSQL shares one through the database, runtime.server.ts). */
  secretFromEnv?: boolean;
  /** Processes to run (MASTHEAD_WORKERS; more than one only on PostgreSQL, cluster.server.ts). */
  workers?: number;
  /** Where the built site lives (dist/). */
  distDir: string;
  logLevel: string;
  /** Rate-limit budget per address and minute for theme calls. */
  rateLimitPerMinute: number;
  /** Proxies whose X-Forwarded-For / Forwarded headers are believed (TRUSTED_PROXIES; none by default). */
  trustedProxies: TrustedProxies;
  /** Behind a CDN: the cache lifetimes of anonymous pages and the purge webhook (docs/deployment.md). */
  cdn: CdnConfig;
}

export interface CdnConfig {
  /** Cache-Control max-age of anonymous pages, for browsers (CDN_MAX_AGE; default 0: revalidate with the ETag) */
  maxAge: number;
  /** s-maxage, for shared caches (CDN_S_MAXAGE; default 300) */
  sMaxAge: number;
  /** stale-while-revalidate (CDN_STALE_WHILE_REVALIDATE; default 60) */
  staleWhileRevalidate: number;
  /** called with the affected surrogate keys after every change of published content (CDN_PURGE_URL; none by default) */
  purgeUrl: string | undefined;
  purgeToken: string | undefined;
  /** the request body: `json` {"keys":[…]}, `fastly` {"surrogate_keys":[…]} with Fastly-Key, `cloudflare` {"tags":[…]} */
  purgeFormat: 'json' | 'fastly' | 'cloudflare';
  purgeTimeoutMs: number;
  /** attempts after the first one, with a doubling pause (200 ms, 400 ms, …) */
  purgeRetries: number;
  /** the same purge again this much later, once other processes follow the new version (CDN_PURGE_REPEAT_MS; default 1500 with DATABASE_URL, else 0: none) */
  purgeRepeatMs: number;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  MASTHEAD_DEMO: z.enum(['0', '1']).default('1'),
  MASTHEAD_ADMIN_PASSWORD: z.string().min(8, 'MASTHEAD_ADMIN_PASSWORD needs at least 8 characters').optional(),
  MASTHEAD_ADMIN_EMAIL: z.email().default('admin@example.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MASTHEAD_SECRET: z.string().min(32, 'MASTHEAD_SECRET needs at least 32 characters').optional(),
  MASTHEAD_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MASTHEAD_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  TRUSTED_PROXIES: z.string().optional(),
  MASTHEAD_WORKERS: z.coerce.number().int().min(1, 'MASTHEAD_WORKERS must be at least 1').max(64, 'MASTHEAD_WORKERS must be at most 64').default(1),
  CDN_MAX_AGE: z.coerce.number().int().min(0).default(0),
  CDN_S_MAXAGE: z.coerce.number().int().min(0).default(300),
  CDN_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).default(60),
  CDN_PURGE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\S*$/, 'CDN_PURGE_URL must be an http:// or https:// address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CDN_PURGE_TOKEN: z.string().optional().or(z.literal('').transform(() => undefined)),
  CDN_PURGE_FORMAT: z.enum(['json', 'fastly', 'cloudflare']).default('json'),
  CDN_PURGE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  CDN_PURGE_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  CDN_PURGE_REPEAT_MS: z.coerce.number().int().min(0).optional(),
});

export class ConfigError extends Error {}

/** Reads and validates the environment; creates DATA_DIR and the stored secret when needed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  let trustedProxies: TrustedProxies;
  try {
    trustedProxies = parseTrustedProxies(e.TRUSTED_PROXIES);
  } catch (err) {
    if (err instanceof ProxyListError) throw new ConfigError(`Invalid environment:\n  ${err.message}`);
    throw err;
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const hostForUrl = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${hostForUrl.includes(':') ? `[${hostForUrl}]` : hostForUrl}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    demo: e.MASTHEAD_DEMO === '1',
    adminPassword: e.MASTHEAD_ADMIN_PASSWORD,
    adminEmail: e.MASTHEAD_ADMIN_EMAIL,
    smtpUrl: e.SMTP_URL,
    secret: e.MASTHEAD_SECRET ?? storedSecret(dataDir),
    secretFromEnv: e.MASTHEAD_SECRET !== undefined,
    workers: e.MASTHEAD_WORKERS,
    distDir: path.resolve(cwd, e.MASTHEAD_DIST ?? 'dist'),
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.MASTHEAD_RATE_LIMIT,
    trustedProxies,
    cdn: {
      maxAge: e.CDN_MAX_AGE,
      sMaxAge: e.CDN_S_MAXAGE,
      staleWhileRevalidate: e.CDN_STALE_WHILE_REVALIDATE,
      purgeUrl: e.CDN_PURGE_URL,
      purgeToken: e.CDN_PURGE_TOKEN,
      purgeFormat: e.CDN_PURGE_FORMAT,
      purgeTimeoutMs: e.CDN_PURGE_TIMEOUT_MS,
      purgeRetries: e.CDN_PURGE_RETRIES,
      // Other processes on the same PostgreSQL hear of the new content version by LISTEN/NOTIFY
      // within a fraction of a second (by their 5 s poll while their listener reconnects).
      purgeRepeatMs: e.CDN_PURGE_REPEAT_MS ?? (e.DATABASE_URL ? 1500 : 0),
    },
  };
}

/** A random secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  const value = randomBytes(32).toString('base64url');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return value;
}
