import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import type { Term } from '../../../features/post/types.ts';

type Taxonomy = Term['taxonomy'];
type ObjectType = 'post' | 'portfolio';

const toTerm = (r: { id: number; taxonomy: string; slug: string; name: string; description: string; parent_id: number | null }): Term => ({
  id: r.id,
  taxonomy: r.taxonomy as Taxonomy,
  slug: r.slug,
  name: r.name,
  description: r.description,
  parentId: r.parent_id,
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
    async byIds(ids: readonly number[]): Promise<Term[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('terms').selectAll().where('id', 'in', [...new Set(ids)]).execute();
      const byId = new Map(rows.map((r) => [r.id, toTerm(r)]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },
    /** A term by its name, ignoring case (tags typed in the editor). */
    async byName(taxonomy: Taxonomy, name: string): Promise<Term | null> {
      const r = await db
        .selectFrom('terms')
        .selectAll()
        .where('taxonomy', '=', taxonomy)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
        .executeTakeFirst();
      return r ? toTerm(r) : null;
    },
    /** All terms of a taxonomy with the number of published objects in each. */
    async list(taxonomy: Taxonomy): Promise<Term[]> {
      const rows = await db
        .selectFrom('terms')
        .leftJoin('term_relationships as tr', 'tr.term_id', 'terms.id')
        .leftJoin('posts as p', (j) => j.onRef('p.id', '=', 'tr.object_id').on('tr.object_type', '=', 'post').on('p.status', '=', 'publish'))
        .leftJoin('portfolio_items as pi', (j) => j.onRef('pi.id', '=', 'tr.object_id').on('tr.object_type', '=', 'portfolio').on('pi.status', '=', 'publish'))
        .select(['terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description', 'terms.parent_id'])
        .select((eb) => [eb.fn.count<number>('p.id').as('posts'), eb.fn.count<number>('pi.id').as('projects')])
        .where('terms.taxonomy', '=', taxonomy)
        .groupBy(['terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description', 'terms.parent_id'])
        .orderBy('terms.name')
        .execute();
      return rows.map((r) => ({ ...toTerm(r), count: Number(r.posts ?? 0) + Number(r.projects ?? 0) }));
    },
    /** All terms of a taxonomy with how many objects (any status) carry each: the admin's view. */
    async listForAdmin(taxonomy: Taxonomy): Promise<Term[]> {
      const rows = await db
        .selectFrom('terms')
        .leftJoin('term_relationships as tr', 'tr.term_id', 'terms.id')
        .select(['terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description', 'terms.parent_id'])
        .select((eb) => eb.fn.count<number>('tr.object_id').as('count'))
        .where('terms.taxonomy', '=', taxonomy)
        .groupBy(['terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description', 'terms.parent_id'])
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
        .select(['tr.object_id', 'terms.id', 'terms.taxonomy', 'terms.slug', 'terms.name', 'terms.description', 'terms.parent_id'])
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
    async create(taxonomy: Taxonomy, slug: string, name: string, description = '', parentId: number | null = null): Promise<number> {
      const r = await db.insertInto('terms').values({ taxonomy, slug, name, description, parent_id: parentId }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async update(id: number, t: { slug: string; name: string; description: string; parentId: number | null }): Promise<void> {
      await db.updateTable('terms').set({ slug: t.slug, name: t.name, description: t.description, parent_id: t.parentId }).where('id', '=', id).execute();
    },
    /** Whether a slug is used by another term of the taxonomy. */
    async slugTaken(taxonomy: Taxonomy, slug: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('slug', '=', slug);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return !!(await q.executeTakeFirst());
    },
    /** Ids of a term and all terms below it. */
    async descendants(id: number): Promise<number[]> {
      const out = [id];
      for (let i = 0; i < out.length && out.length < 10_000; i++) {
        const kids = await db.selectFrom('terms').select('id').where('parent_id', '=', out[i]!).execute();
        for (const k of kids) if (!out.includes(k.id)) out.push(k.id);
      }
      return out;
    },
    /**
     * Moves every object of `fromId` to `intoId` (an object that had both keeps one), moves the
     * children of `fromId` under `intoId`, then deletes `fromId`.
     */
    async merge(fromId: number, intoId: number): Promise<void> {
      const rows = await db.selectFrom('term_relationships').selectAll().where('term_id', '=', fromId).execute();
      for (const r of rows) {
        await db
          .insertInto('term_relationships')
          .values({ object_type: r.object_type, object_id: r.object_id, term_id: intoId, position: r.position })
          .onConflict((oc) => oc.columns(['object_type', 'object_id', 'term_id']).doNothing())
          .execute();
      }
      const from = await db.selectFrom('terms').select('parent_id').where('id', '=', fromId).executeTakeFirst();
      // `intoId` directly under `fromId` takes its place in the tree
      await db.updateTable('terms').set({ parent_id: from?.parent_id ?? null }).where('id', '=', intoId).where('parent_id', '=', fromId).execute();
      await db.updateTable('terms').set({ parent_id: intoId }).where('parent_id', '=', fromId).where('id', '!=', intoId).execute();
      await db.deleteFrom('term_relationships').where('term_id', '=', fromId).execute();
      await db.deleteFrom('terms').where('id', '=', fromId).execute();
    },
    /** Deletes a term; its children move up to its parent, objects simply lose it. */
    async remove(id: number): Promise<void> {
      const t = await db.selectFrom('terms').select('parent_id').where('id', '=', id).executeTakeFirst();
      if (!t) return;
      await db.updateTable('terms').set({ parent_id: t.parent_id }).where('parent_id', '=', id).execute();
      await db.deleteFrom('term_relationships').where('term_id', '=', id).execute();
      await db.deleteFrom('terms').where('id', '=', id).execute();
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
