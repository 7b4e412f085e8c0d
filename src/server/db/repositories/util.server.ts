import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';

export const now = () => new Date().toISOString();

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether a connection (or transaction) talks to PostgreSQL. By the adapter's class name as well
 * as by identity: the built server bundle may carry its own copy of Kysely's classes.
 */
export function isPostgres(db: Kysely<Database>): boolean {
  const adapter = db.getExecutor().adapter;
  return adapter instanceof PostgresAdapter || adapter.constructor.name === 'PostgresAdapter';
}
