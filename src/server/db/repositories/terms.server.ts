import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import type { Term } from '../../../features/post/types.ts';

type Taxonomy = Term['taxonomy'];
type ObjectType = 'post' | 'portfolio';

const toTerm = (r: { id: number; taxonomy: string; slug: string; name: string; description: string }): Term => ({
  id: r.id,
  taxonomy: r.taxonomy as Taxonomy,
  slug: r.slug,
  name: r.name,
  description: r.description,
});

export function termsRepository(db: Kysely<Database>) {
  return {
    async bySlug(taxonomy: Taxonomy, slug: string): Promise<Term | null> {
      const r = await db.selectFrom('terms').selectAll().where('taxonomy', '=', taxonomy).where('slug', '=', slug).executeTakeFirst();
      return r ? toTerm(r) : null;
    },
    async byId(id: number): Promise<Term | null> {
      const r = await db.selectFrom('terms').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toTerm(r) : null;
    },
    /** All terms of a taxonomy with the number of published objects in each. */
    async list(taxonomy: Taxonomy): Promise<Term[]> {
      const rows = await db
        .selectFrom('terms')
        .leftJoin('term_relationships as tr', 'tr.term_id', 'terms.id')
        .select(['terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description'])
        .select((eb) => eb.fn.count<number>('tr.object_id').as('count'))
        .where('terms.taxonomy', '=', taxonomy)
        .groupBy(['terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description'])
        .orderBy('terms.name')
        .execute();
      return rows.map((r) => ({ ...toTerm(r), count: Number(r.count) }));
    },
    /** Terms of many objects at once, keyed by object id, in their stored order. */
    async forObjects(objectType: ObjectType, ids: readonly number[]): Promise<Map<number, Term[]>> {
      const out = new Map<number, Term[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .selectFrom('term_relationships as tr')
        .innerJoin('terms', 'terms.id', 'tr.term_id')
        .select(['tr.object_id', 'terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description'])
        .where('tr.object_type', '=', objectType)
        .where('tr.object_id', 'in', [...new Set(ids)])
        .orderBy('tr.position')
        .orderBy('terms.name')
        .execute();
      for (const r of rows) {
        const list = out.get(r.object_id) ?? [];
        list.push(toTerm(r));
        out.set(r.object_id, list);
      }
      return out;
    },
    async create(taxonomy: Taxonomy, slug: string, name: string, description = ''): Promise<number> {
      const r = await db.insertInto('terms').values({ taxonomy, slug, name, description }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async attach(objectType: ObjectType, objectId: number, termIds: readonly number[]): Promise<void> {
      if (termIds.length === 0) return;
      await db
        .insertInto('term_relationships')
        .values(termIds.map((termId, position) => ({ object_type: objectType, object_id: objectId, term_id: termId, position })))
        .execute();
    },
  };
}
export type TermsRepository = ReturnType<typeof termsRepository>;
void sql;
