import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../schema.server.ts';

/** Key/value site settings; every read is validated by the caller's schema (defaults fill the gaps). */
export function settingsRepository(db: Kysely<Database>) {
  return {
    async get<S extends z.ZodType>(key: string, schema: S): Promise<z.output<S>> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      let raw: unknown = undefined;
      if (row) {
        try {
          raw = JSON.parse(row.value);
        } catch {
          raw = undefined;
        }
      }
      const parsed = schema.safeParse(raw ?? {});
      // A stored value that no longer validates falls back to the defaults rather than breaking pages.
      return parsed.success ? parsed.data : schema.parse({});
    },
    async set<S extends z.ZodType>(key: string, schema: S, value: z.input<S>): Promise<void> {
      const valid = schema.parse(value);
      const json = JSON.stringify(valid);
      await db
        .insertInto('settings')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
        .execute();
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;

/** Named integer counters (the content version that keys the page cache). */
export function countersRepository(db: Kysely<Database>) {
  return {
    async get(name: string): Promise<number> {
      const r = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
      return Number(r?.value ?? 0);
    },
    async increment(name: string): Promise<number> {
      await db
        .insertInto('counters')
        .values({ name, value: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })))
        .execute();
      return this.get(name);
    },
  };
}
export type CountersRepository = ReturnType<typeof countersRepository>;

/** Values every process on the database agrees on (migration 0720): the first one stored wins. */
export function secretsRepository(db: Kysely<Database>) {
  return {
    /** Stores `proposed` under `name` unless a value is already there; answers the stored value. */
    async getOrCreate(name: string, proposed: string): Promise<string> {
      await db.insertInto('secrets').values({ name, value: proposed }).onConflict((oc) => oc.column('name').doNothing()).execute();
      const r = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return r.value;
    },
  };
}
