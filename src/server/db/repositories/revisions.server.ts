import type { Kysely, Selectable } from 'kysely';
import type { Database, RevisionsTable } from '../schema.server.ts';
import { contentFieldsSchema, type ContentFields, type RevisionDetail, type RevisionSummary } from '../../../features/content/fields.ts';
import { isContentStatus } from '../../../features/content/status.ts';
import { now, parseJson } from './util.server.ts';

export type RevisionKind = RevisionSummary['kind'];
type ObjectType = 'post' | 'portfolio';

export interface NewRevision {
  objectType: ObjectType;
  objectId: number;
  revision: number;
  kind: RevisionKind;
  status: string;
  authorId: number | null;
  fields: ContentFields;
}

/** How many revisions an item keeps (older ones are pruned on save). */
export const KEEP_REVISIONS = 100;

/** Snapshots of an item's editable fields, one per save, with who saved it and when. */
export function revisionsRepository(db: Kysely<Database>) {
  const names = async (ids: (number | null)[]) => {
    const unique = [...new Set(ids.filter((x): x is number => x !== null))];
    const rows = unique.length ? await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', unique).execute() : [];
    return new Map(rows.map((r) => [r.id, r.display_name]));
  };
  const summary = (r: Selectable<RevisionsTable>, authors: Map<number, string>): RevisionSummary => ({
    id: r.id,
    revision: r.revision,
    kind: r.kind as RevisionKind,
    status: isContentStatus(r.status) ? r.status : 'draft',
    authorId: r.author_id,
    authorName: r.author_id ? (authors.get(r.author_id) ?? '') : '',
    createdAt: r.created_at,
  });
  const fieldsOf = (json: string): ContentFields => {
    const parsed = contentFieldsSchema.safeParse(parseJson<unknown>(json, {}));
    return parsed.success ? parsed.data : contentFieldsSchema.parse({});
  };

  return {
    async add(r: NewRevision): Promise<number> {
      const row = await db
        .insertInto('revisions')
        .values({
          object_type: r.objectType,
          object_id: r.objectId,
          revision: r.revision,
          kind: r.kind,
          status: r.status,
          author_id: r.authorId,
          data: JSON.stringify(r.fields),
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * An autosave folds into the latest revision when that one is an autosave by the same author,
     * so typing for an hour leaves one revision, not hundreds. Answers the revision row id.
     */
    async addAutosave(r: NewRevision): Promise<number> {
      const latest = await db
        .selectFrom('revisions')
        .select(['id', 'kind', 'author_id'])
        .where('object_type', '=', r.objectType)
        .where('object_id', '=', r.objectId)
        .where('kind', '!=', 'pending')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (latest && latest.kind === 'autosave' && latest.author_id === r.authorId) {
        await db
          .updateTable('revisions')
          .set({ revision: r.revision, status: r.status, data: JSON.stringify(r.fields), created_at: now() })
          .where('id', '=', latest.id)
          .execute();
        return latest.id;
      }
      return this.add({ ...r, kind: 'autosave' });
    },

    /** Saved revisions of an item, newest first (pending autosaves are not part of the history). */
    async list(objectType: ObjectType, objectId: number): Promise<RevisionSummary[]> {
      const rows = await db
        .selectFrom('revisions')
        .selectAll()
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .where('kind', '!=', 'pending')
        .orderBy('id', 'desc')
        .execute();
      const authors = await names(rows.map((r) => r.author_id));
      return rows.map((r) => summary(r, authors));
    },

    async get(objectType: ObjectType, objectId: number, id: number): Promise<RevisionDetail | null> {
      const r = await db.selectFrom('revisions').selectAll().where('id', '=', id).where('object_type', '=', objectType).where('object_id', '=', objectId).executeTakeFirst();
      if (!r) return null;
      return { ...summary(r, await names([r.author_id])), fields: fieldsOf(r.data) };
    },

    /** A user's unapplied autosave of a live item, if any. */
    async pending(objectType: ObjectType, objectId: number, authorId: number): Promise<RevisionDetail | null> {
      const r = await db
        .selectFrom('revisions')
        .selectAll()
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .where('kind', '=', 'pending')
        .where('author_id', '=', authorId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return r ? { ...summary(r, await names([r.author_id])), fields: fieldsOf(r.data) } : null;
    },

    /** Stores (replacing) a user's unapplied autosave of a live item. */
    async setPending(r: Omit<NewRevision, 'kind'> & { authorId: number }): Promise<number> {
      await this.clearPending(r.objectType, r.objectId, r.authorId);
      return this.add({ ...r, kind: 'pending' });
    },

    async clearPending(objectType: ObjectType, objectId: number, authorId?: number): Promise<void> {
      let q = db.deleteFrom('revisions').where('object_type', '=', objectType).where('object_id', '=', objectId).where('kind', '=', 'pending');
      if (authorId !== undefined) q = q.where('author_id', '=', authorId);
      await q.execute();
    },

    /** Keeps the newest `keep` saved revisions of an item. */
    async prune(objectType: ObjectType, objectId: number, keep = KEEP_REVISIONS): Promise<void> {
      const cutoff = await db
        .selectFrom('revisions')
        .select('id')
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .where('kind', '!=', 'pending')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1)
        .executeTakeFirst();
      if (cutoff) {
        await db.deleteFrom('revisions').where('object_type', '=', objectType).where('object_id', '=', objectId).where('kind', '!=', 'pending').where('id', '<=', cutoff.id).execute();
      }
    },
  };
}
export type RevisionsRepository = ReturnType<typeof revisionsRepository>;
