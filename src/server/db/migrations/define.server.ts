import type { CreateTableBuilder, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** What a migration gets besides the connection: the dialect and the one place dialects differ. */
export interface MigrationTools {
  dialect: Dialect;
  /** Adds an auto-increment integer primary key named `id`. */
  id<T extends string>(t: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

export interface MastheadMigration {
  name: string;
  // Migrations see the database as it was when they were written, not today's typed schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up(db: Kysely<any>, tools: MigrationTools): Promise<void>;
}

/**
 * One migration: a unique, sortable name (`NNNN_what`) and its `up` step, written once for both
 * dialects. Register it in ../migrations.server.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see MastheadMigration.up
export const defineMigration = (name: string, up: (db: Kysely<any>, tools: MigrationTools) => Promise<void>): MastheadMigration => ({ name, up });
