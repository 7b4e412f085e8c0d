import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, ProxyListError, type TrustedProxies } from './http/client-address.server.ts';
import type { MediaStorageConfig } from '../features/media/storage.server.ts';

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
  /** Where uploads and their renditions are stored and served from (features/media/storage.server.ts). */
  media: MediaStorageConfig;
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
  MEDIA_STORAGE: z.enum(['local', 's3'], 'MEDIA_STORAGE must be local or s3').default('local'),
  MEDIA_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+[^\s?#]*$/, 'MEDIA_PUBLIC_URL must be an http:// or https:// address without ? or #')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.\-_]{1,254}$/i, 'S3_BUCKET must be a bucket name (letters, digits, dots, dashes)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as eu-west-1').optional().or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+\/?$/, 'S3_ENDPOINT must be an http:// or https:// address (scheme, host and port only)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false'], 'S3_FORCE_PATH_STYLE must be 1 or 0').optional().or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_PREFIX: z
    .string()
    .regex(/^([\w.\-]+\/)*[\w.\-]*\/?$/, 'S3_PREFIX must be a folder such as masthead/ (letters, digits, . _ - and /, no leading /)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** MEDIA_STORAGE and its settings, checked together (envSchema checked each alone). */
function mediaConfig(e: z.infer<typeof envSchema>): MediaStorageConfig {
  const publicUrl = e.MEDIA_PUBLIC_URL?.replace(/\/+$/, '');
  const s3Vars = (['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const).filter((k) => e[k] !== undefined);
  if (e.MEDIA_STORAGE === 'local') {
    if (s3Vars.length) throw new ConfigError(`Invalid environment:\n  ${s3Vars.join(', ')} set but MEDIA_STORAGE is local: set MEDIA_STORAGE=s3 to keep media in object storage, or remove them`);
    return { storage: 'local', publicUrl };
  }
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET: required with MEDIA_STORAGE=s3');
  if (!e.S3_REGION && !e.S3_ENDPOINT) problems.push('S3_REGION: required with MEDIA_STORAGE=s3 (or S3_ENDPOINT for an S3-compatible service)');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (then the AWS SDK finds credentials itself: AWS_* variables, instance role)');
  if (problems.length) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  const prefix = e.S3_PREFIX ? e.S3_PREFIX.replace(/\/*$/, '/') : '';
  return {
    storage: 's3',
    publicUrl,
    s3: {
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION ?? 'us-east-1',
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      prefix,
    },
  };
}

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
  const media = mediaConfig(e);
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
    media,
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
