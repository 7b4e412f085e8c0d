import type { Repositories } from '../db/repositories/index.server.ts';
import type { Term } from '../../features/post/types.ts';
import type { Actor } from './actor.ts';
import { ContentError, isUniqueViolation } from './errors.ts';
import { slugify, slugProblem, uniqueSlug } from '../../features/content/slug.ts';
import { can } from '../../features/accounts/permissions.ts';
import { canonicalPath } from '../../features/redirects/paths.ts';
import { ARCHIVE_KEY, TERMS_KEY, termKey } from '../surrogate.server.ts';

/**
 * Categories (hierarchical, with descriptions), tags and portfolio categories: create, rename
 * (a changed slug keeps a 301 from its old archive address), merge and delete. Each write bumps
 * the content version after it commits (archives, menus and sidebars show terms).
 */
export type Taxonomy = Term['taxonomy'];
export const taxonomies: readonly Taxonomy[] = ['category', 'tag', 'portfolio_category'];

export interface TermInput {
  name: string;
  /** empty: made from the name */
  slug?: string;
  description?: string;
  parentId?: number | null;
}

export const TERM_LIMITS = { name: 100, description: 2000 } as const;

/** The public archive of a term, if it has one (portfolio categories filter /portfolio/ in place). */
export const archivePath = (taxonomy: Taxonomy, slug: string): string | null => (taxonomy === 'category' ? `/category/${slug}/` : taxonomy === 'tag' ? `/tag/${slug}/` : null);

export interface TaxonomiesDeps {
  repos: Repositories;
  contentChanged(keys?: readonly string[]): Promise<void>;
}

export function createTaxonomyService(deps: TaxonomiesDeps) {
  const { repos } = deps;

  const allowed = (actor: Actor) => {
    if (!can(actor, 'taxonomies.manage')) throw new ContentError('forbidden', 'Your role does not allow you to manage categories and tags.');
  };

  /** `ids`: the terms changed (their pages, and every list showing them, are purged from a CDN). */
  async function write<T>(ids: readonly number[], fn: (tx: Repositories) => Promise<T>): Promise<T> {
    let out: T;
    try {
      out = await repos.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ContentError('invalid', 'This slug was just taken: choose another.', { field: 'slug' });
      throw err;
    }
    await deps.contentChanged([...ids.map(termKey), TERMS_KEY, ARCHIVE_KEY]);
    return out;
  }

  function clean(input: TermInput) {
    const name = input.name.trim();
    if (!name) throw new ContentError('invalid', 'Give it a name.', { field: 'name' });
    if (name.length > TERM_LIMITS.name) throw new ContentError('invalid', `At most ${TERM_LIMITS.name} characters.`, { field: 'name' });
    const description = (input.description ?? '').trim();
    if (description.length > TERM_LIMITS.description) throw new ContentError('invalid', `At most ${TERM_LIMITS.description} characters.`, { field: 'description' });
    const slug = (input.slug ?? '').trim();
    if (slug && slug !== slugify(slug)) throw new ContentError('invalid', `Use lower-case letters, digits and hyphens only, for example “${slugify(slug) || 'travel'}”.`, { field: 'slug' });
    return { name, description, slug };
  }

  async function checkParent(tx: Repositories, taxonomy: Taxonomy, parentId: number | null | undefined, selfId?: number): Promise<number | null> {
    if (!parentId) return null;
    if (taxonomy === 'tag') throw new ContentError('invalid', 'Tags have no parents.', { field: 'parentId' });
    const parent = await tx.terms.byId(parentId);
    if (!parent || parent.taxonomy !== taxonomy) throw new ContentError('invalid', 'The parent does not exist.', { field: 'parentId' });
    if (selfId && (await tx.terms.descendants(selfId)).includes(parentId)) throw new ContentError('invalid', 'A category cannot be placed under itself or one of its children.', { field: 'parentId' });
    return parentId;
  }

  async function load(tx: Repositories, id: number): Promise<Term> {
    const t = await tx.terms.byId(id);
    if (!t) throw new ContentError('not_found', 'This category or tag does not exist (any more).');
    return t;
  }

  return {
    async list(actor: Actor, taxonomy: Taxonomy): Promise<Term[]> {
      if (!can(actor, 'admin.access')) throw new ContentError('forbidden', 'Your role does not allow this.');
      return repos.terms.listForAdmin(taxonomy);
    },

    async create(actor: Actor, taxonomy: Taxonomy, input: TermInput): Promise<Term> {
      allowed(actor);
      const c = clean(input);
      return write([], async (tx) => {
        const parentId = await checkParent(tx, taxonomy, input.parentId);
        let slug = c.slug;
        if (slug) {
          if (slugProblem(slug, 'term')) throw new ContentError('invalid', 'Choose a slug with letters or digits.', { field: 'slug' });
          if (await tx.terms.slugTaken(taxonomy, slug)) throw new ContentError('invalid', 'Another one already has this slug.', { field: 'slug' });
        } else {
          slug = await uniqueSlug(slugify(c.name) || taxonomy.replace('_', '-'), (s) => tx.terms.slugTaken(taxonomy, s));
        }
        if (await tx.terms.byName(taxonomy, c.name)) throw new ContentError('invalid', 'Another one already has this name.', { field: 'name' });
        const id = await tx.terms.create(taxonomy, slug, c.name, c.description, parentId);
        return (await tx.terms.byId(id))!;
      });
    },

    /** Rename, re-slug, describe or move a term; an archive whose slug changes keeps a 301. */
    async update(actor: Actor, id: number, input: TermInput): Promise<Term> {
      allowed(actor);
      const c = clean(input);
      return write([id], async (tx) => {
        const current = await load(tx, id);
        const parentId = await checkParent(tx, current.taxonomy, input.parentId, id);
        const slug = c.slug || current.slug;
        if (slug !== current.slug && (await tx.terms.slugTaken(current.taxonomy, slug, id))) throw new ContentError('invalid', 'Another one already has this slug.', { field: 'slug' });
        const sameName = await tx.terms.byName(current.taxonomy, c.name);
        if (sameName && sameName.id !== id) throw new ContentError('invalid', 'Another one already has this name.', { field: 'name' });
        await tx.terms.update(id, { name: c.name, slug, description: c.description, parentId });
        const from = archivePath(current.taxonomy, current.slug);
        const to = archivePath(current.taxonomy, slug);
        if (from && to && from !== to) {
          const canonical = canonicalPath(from);
          if (canonical) await tx.redirects.save({ from: canonical, to, source: 'slug' });
        }
        if (to) {
          const here = canonicalPath(to);
          if (here) await tx.redirects.removeFrom(here);
        }
        return (await tx.terms.byId(id))!;
      });
    },

    /** Everything tagged `fromId` gets `intoId`; `fromId` goes, its archive redirects to `intoId`'s. */
    async merge(actor: Actor, fromId: number, intoId: number): Promise<Term> {
      allowed(actor);
      if (fromId === intoId) throw new ContentError('invalid', 'Choose another one to merge into.', { field: 'intoId' });
      return write([fromId, intoId], async (tx) => {
        const [from, into] = await Promise.all([load(tx, fromId), load(tx, intoId)]);
        if (from.taxonomy !== into.taxonomy) throw new ContentError('invalid', 'Only terms of the same kind can be merged.', { field: 'intoId' });
        await tx.terms.merge(fromId, intoId);
        const a = archivePath(from.taxonomy, from.slug);
        const b = archivePath(into.taxonomy, into.slug);
        const canonical = a ? canonicalPath(a) : null;
        if (canonical && b) await tx.redirects.save({ from: canonical, to: b, source: 'slug' });
        return (await tx.terms.byId(intoId))!;
      });
    },

    /** Deletes a term: its items simply lose it, its children move up one level. */
    async remove(actor: Actor, id: number): Promise<void> {
      allowed(actor);
      await write([id], async (tx) => {
        await load(tx, id);
        await tx.terms.remove(id);
      });
    },
  };
}
export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
