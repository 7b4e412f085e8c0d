import type { Repositories } from '../db/repositories/index.server.ts';
import type { ItemWrite, StoredItem } from '../db/repositories/editorial.server.ts';
import type { Actor } from './actor.ts';
import { ContentError, isUniqueViolation } from './errors.ts';
import { contentFieldsSchema, type ContentFields, type ContentFieldsInput, type EditableItem, type RevisionDetail, type RevisionSummary } from '../../features/content/fields.ts';
import { hasPublicAddress, isLive, publicPath, type ContentKind, type ContentStatus } from '../../features/content/status.ts';
import { slugify, slugProblem, uniqueSlug } from '../../features/content/slug.ts';
import { can, canChangeAuthor, canEdit, canPublish, canTrash, kindPermission } from '../../features/accounts/permissions.ts';
import { blockMediaIds, type Block } from '../../features/post/blocks.ts';
import { sanitizeHtmlBlock, sanitizeInline } from '../../features/post/sanitize.ts';
import { canonicalPath } from '../../features/redirects/paths.ts';
import { itemChangeKeys } from '../surrogate.server.ts';

/**
 * Writes of posts, pages and portfolio items: create, save, autosave, publish, schedule,
 * unpublish, submit for review, trash, restore, restore a revision, and the scheduler's
 * "publish what is due". One service for the admin API and the importer: domain types in, domain
 * types out, no HTTP. Every write
 *   - checks the actor's role against the item (features/accounts/permissions.ts),
 *   - validates the fields (features/content/fields.ts) and what they point at (media, terms,
 *     forms, authors), and sanitises inline HTML,
 *   - runs in one transaction, based on the revision the writer saw (an older one is a conflict:
 *     nothing is overwritten),
 *   - keeps a revision with its author and time,
 *   - keeps a 301 from the old address when a public slug changes,
 *   - and bumps the content version after the commit when readers can see the difference.
 */
export interface ItemsDeps {
  repos: Repositories;
  /** bumps the content version (runtime.contentChanged) and purges these CDN keys; an import may pass one that defers it */
  contentChanged(keys?: readonly string[]): Promise<void>;
  /** told when an item enters or leaves `future`, so the scheduler re-reads its next time */
  scheduleChanged?(): void;
  now?: () => Date;
}

/** A saved item plus, for its editor, the actor's unapplied autosave when there is a newer one. */
export interface LoadedItem {
  item: EditableItem;
  pending: RevisionDetail | null;
}

const SCHEDULE_SLACK_MS = 5_000;
const objectType = (kind: ContentKind) => (kind === 'portfolio' ? ('portfolio' as const) : ('post' as const));

export function createItemsService(deps: ItemsDeps) {
  const { repos } = deps;
  const clock = deps.now ?? (() => new Date());

  async function load(tx: Repositories, kind: ContentKind | null, id: number): Promise<StoredItem> {
    const item = kind ? await tx.editorial.get(kind, id) : await tx.editorial.getPost(id);
    if (!item) throw new ContentError('not_found', 'This item does not exist (any more).');
    return item;
  }

  function assertEdit(actor: Actor, item: StoredItem) {
    if (!canEdit(actor, item)) throw new ContentError('forbidden', 'Your role does not allow you to edit this.');
  }

  async function toEditable(tx: Repositories, s: StoredItem): Promise<EditableItem> {
    const [tags, author] = await Promise.all([tx.terms.byIds(s.tagIds), s.authorId ? tx.users.byId(s.authorId) : null]);
    const fields: ContentFields = {
      title: s.title,
      slug: s.slug,
      excerpt: s.excerpt,
      subtitle: s.meta.subtitle ?? '',
      blocks: s.blocks,
      format: s.format,
      categoryIds: s.categoryIds,
      tags: tags.map((t) => t.name),
      featuredMediaId: s.featuredMediaId,
      authorId: s.authorId,
      date: s.dateSet ? s.publishedAt : null,
      sticky: s.sticky,
      parentId: s.parentId,
      menuOrder: s.menuOrder,
      password: s.password,
      allowRating: s.allowRating,
      relatedPopup: s.meta.relatedPopup ?? false,
      seoTitle: s.seoTitle,
      seoDescription: s.seoDescription,
      layout: s.layout,
      portfolioMeta: s.portfolioMeta,
    };
    return {
      id: s.id,
      kind: s.kind,
      status: s.status,
      revision: s.revision,
      fields,
      authorName: author?.displayName ?? '',
      url: publicPath(s.kind, s.slug),
      publishedAt: s.publishedAt,
      updatedAt: s.updatedAt,
      createdAt: s.createdAt,
    };
  }

  function parseFields(input: ContentFieldsInput | ContentFields): ContentFields {
    const parsed = contentFieldsSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ContentError('invalid', issue.message, { field: String(issue.path[0] ?? 'fields') });
    }
    return { ...parsed.data, title: parsed.data.title.trim(), blocks: sanitizeBlocks(parsed.data.blocks) };
  }

  /** Checks that what the fields point at exists and fits the kind; answers the term ids to store. */
  async function resolveReferences(tx: Repositories, kind: ContentKind, f: ContentFields): Promise<number[]> {
    const mediaIds = [...new Set([...(f.featuredMediaId ? [f.featuredMediaId] : []), ...blockMediaIds(f.blocks)])];
    if (mediaIds.length) {
      const found = await tx.media.byIds(mediaIds);
      const missing = mediaIds.filter((m) => !found[m]);
      if (missing.length) {
        const field = f.featuredMediaId && missing.includes(f.featuredMediaId) ? 'featuredMediaId' : 'blocks';
        throw new ContentError('invalid', `The image ${missing.map((m) => `#${m}`).join(', ')} is not in the media library.`, { field });
      }
    }
    for (const b of f.blocks) {
      if (b.type === 'contact-form' && !(await tx.forms.byId(b.formId))) throw new ContentError('invalid', `There is no contact form #${b.formId}.`, { field: 'blocks' });
    }
    if (kind === 'page') return [];
    const taxonomy = kind === 'portfolio' ? 'portfolio_category' : 'category';
    const cats = await tx.terms.byIds(f.categoryIds);
    if (cats.length !== new Set(f.categoryIds).size || cats.some((c) => c.taxonomy !== taxonomy)) {
      throw new ContentError('invalid', 'One of the chosen categories does not exist.', { field: 'categoryIds' });
    }
    if (kind === 'portfolio') return cats.map((c) => c.id);
    const tagIds: number[] = [];
    for (const name of [...new Set(f.tags.map((t) => t.trim()).filter(Boolean))]) {
      const existing = await tx.terms.byName('tag', name);
      if (existing) {
        tagIds.push(existing.id);
        continue;
      }
      const base = slugify(name) || 'tag';
      const slug = await uniqueSlug(base, (s) => tx.terms.slugTaken('tag', s));
      tagIds.push(await tx.terms.create('tag', slug, name));
    }
    return [...cats.map((c) => c.id), ...tagIds];
  }

  /** The slug to store: the requested one (checked), or one made from the title while unpublished. */
  async function resolveSlug(tx: Repositories, kind: ContentKind, f: ContentFields, current: StoredItem | null): Promise<string> {
    const requested = f.slug.trim();
    if (requested) {
      if (requested !== slugify(requested)) {
        throw new ContentError('invalid', `Use lower-case letters, digits and hyphens only, for example “${slugify(requested) || 'my-post'}”.`, { field: 'slug' });
      }
      const problem = slugProblem(requested, kind);
      if (problem) throw new ContentError('invalid', problem === 'digits' ? 'An address of digits only is a date archive: add a word.' : 'This address belongs to the site itself: choose another.', { field: 'slug' });
      if (requested !== current?.slug) {
        const holder = await tx.editorial.slugHolder(kind, requested, current?.id);
        if (holder) {
          throw new ContentError('invalid', `This address is already used by “${holder.title || requested}”${holder.status === 'trash' ? ' (in the trash)' : ''}.`, { field: 'slug' });
        }
      }
      return requested;
    }
    if (current && hasPublicAddress(current.status)) return current.slug;
    let base = slugify(f.title) || (kind === 'portfolio' ? 'untitled-project' : `untitled-${kind}`);
    if (slugProblem(base, kind)) base = `${base}-${kind}`;
    if (current && (current.slug === base || new RegExp(`^${base}-\\d+$`).test(current.slug))) return current.slug;
    return uniqueSlug(base, async (s) => !!(await tx.editorial.slugHolder(kind, s, current?.id)));
  }

  async function resolveAuthor(tx: Repositories, actor: Actor, kind: ContentKind, f: ContentFields, current: StoredItem | null): Promise<number> {
    const wanted = f.authorId ?? current?.authorId ?? actor.id;
    if (wanted === (current?.authorId ?? actor.id)) return wanted;
    if (!canChangeAuthor(actor, kind)) throw new ContentError('forbidden', 'Your role does not allow you to choose another author.', { field: 'authorId' });
    const user = await tx.users.byId(wanted);
    if (!user || !can(user, 'posts.edit')) {
      throw new ContentError('invalid', 'This account cannot be the author.', { field: 'authorId' });
    }
    return wanted;
  }

  /** A page's parent: another page (any status), never the page itself or one of its descendants. */
  async function resolveParent(tx: Repositories, parentId: number | null, current: StoredItem | null): Promise<number | null> {
    if (parentId === null) return null;
    if (parentId === current?.id) throw new ContentError('invalid', 'A page cannot be its own parent.', { field: 'parentId' });
    const parent = await tx.editorial.get('page', parentId);
    if (!parent) throw new ContentError('invalid', 'There is no such page to be the parent.', { field: 'parentId' });
    if (current && (await tx.editorial.wouldLoop(current.id, parentId))) {
      throw new ContentError('invalid', 'This page is above the chosen parent: a page cannot be placed under its own sub-page.', { field: 'parentId' });
    }
    return parentId;
  }

  interface Plan {
    status: ContentStatus;
    kindOfRevision: RevisionSummary['kind'];
  }

  /** Builds the row for a write: fields checked and resolved, dates worked out for the target status. */
  async function prepare(tx: Repositories, actor: Actor, kind: ContentKind, f: ContentFields, current: StoredItem | null, status: ContentStatus): Promise<{ write: ItemWrite; termIds: number[] }> {
    const [slug, termIds, authorId] = await Promise.all([resolveSlug(tx, kind, f, current), resolveReferences(tx, kind, f), resolveAuthor(tx, actor, kind, f, current)]);
    const now = clock();
    const chosen = f.date ? new Date(f.date) : null;
    let publishedAt: string;
    let dateSet = !!chosen;
    if (status === 'future') {
      if (!chosen || chosen.getTime() <= now.getTime() + SCHEDULE_SLACK_MS) throw new ContentError('invalid', 'Choose a date and time in the future to schedule.', { field: 'date' });
      publishedAt = chosen.toISOString();
    } else if (status === 'publish' || status === 'private') {
      if (chosen && chosen.getTime() > now.getTime() + SCHEDULE_SLACK_MS) {
        throw new ContentError('invalid', 'This date is in the future: schedule it, or choose a date that has passed.', { field: 'date' });
      }
      // Published before and no date chosen now: the reader's date stays.
      publishedAt = chosen ? chosen.toISOString() : current && hasPublicAddress(current.status) ? current.publishedAt : now.toISOString();
      if (!chosen && current && hasPublicAddress(current.status)) dateSet = current.dateSet;
    } else {
      publishedAt = chosen ? chosen.toISOString() : (current?.publishedAt ?? now.toISOString());
    }
    const canStick = kind === 'post' && canPublish(actor, { kind, authorId, status });
    const write: ItemWrite = {
      status,
      slug,
      title: f.title,
      excerpt: f.excerpt,
      blocks: f.blocks,
      format: kind === 'post' ? f.format : 'standard',
      authorId,
      featuredMediaId: f.featuredMediaId,
      allowRating: kind === 'post' ? f.allowRating : false,
      sticky: canStick ? f.sticky : (current?.sticky ?? false),
      parentId: kind === 'page' ? await resolveParent(tx, f.parentId, current) : null,
      menuOrder: kind === 'page' ? f.menuOrder : 0,
      password: kind === 'portfolio' ? '' : f.password,
      meta: kind === 'portfolio' ? {} : { ...current?.meta, subtitle: f.subtitle || undefined, relatedPopup: f.relatedPopup || undefined },
      portfolioMeta: kind === 'portfolio' ? f.portfolioMeta : {},
      layout: kind === 'portfolio' ? f.layout : 1,
      seoTitle: f.seoTitle,
      seoDescription: f.seoDescription,
      publishedAt,
      dateSet,
    };
    return { write, termIds };
  }

  /** Stores a write of an existing item, its terms, a revision and the slug redirect. */
  async function commit(tx: Repositories, actor: Actor | null, current: StoredItem, expectedRevision: number, write: ItemWrite, termIds: number[] | null, plan: Plan): Promise<number> {
    const revision = await tx.editorial.update(current.kind, current.id, expectedRevision, write);
    if (revision === null) throw new ContentError('conflict', 'Someone else saved this in the meantime.', { details: { revision: (await tx.editorial.get(current.kind, current.id))?.revision } });
    if (termIds) await tx.editorial.setTerms(current.kind, current.id, termIds);
    if (hasPublicAddress(current.status) && current.slug !== write.slug) {
      const from = canonicalPath(publicPath(current.kind, current.slug));
      if (from) await tx.redirects.save({ from, to: publicPath(current.kind, write.slug), source: 'slug' });
    }
    // A page that now lives at an address wins over an old redirect from it.
    const here = canonicalPath(publicPath(current.kind, write.slug));
    if (here && hasPublicAddress(write.status)) await tx.redirects.removeFrom(here);
    const saved = (await tx.editorial.get(current.kind, current.id))!;
    const fields = (await toEditable(tx, saved)).fields;
    const entry = { objectType: objectType(current.kind), objectId: current.id, revision, status: write.status, authorId: actor?.id ?? null, fields };
    if (plan.kindOfRevision === 'autosave') await tx.revisions.addAutosave({ ...entry, kind: 'autosave' });
    else await tx.revisions.add({ ...entry, kind: plan.kindOfRevision });
    if (actor) await tx.revisions.clearPending(objectType(current.kind), current.id, actor.id);
    await tx.revisions.prune(objectType(current.kind), current.id);
    return revision;
  }

  /** Runs a write in one transaction and bumps the content version after it when readers see a change. */
  async function write<U>(fn: (tx: Repositories) => Promise<{ before: ContentStatus | null; after: ContentStatus; value: U; keys: string[] }>): Promise<U> {
    let result: { before: ContentStatus | null; after: ContentStatus; value: U; keys: string[] };
    try {
      result = await repos.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ContentError('invalid', 'This address was just taken by another item: choose another.', { field: 'slug' });
      throw err;
    }
    if ((result.before && isLive(result.before)) || isLive(result.after)) await deps.contentChanged(result.keys);
    if (result.before === 'future' || result.after === 'future') deps.scheduleChanged?.();
    return result.value;
  }

  async function change(actor: Actor, kind: ContentKind | null, id: number, revision: number | null, input: ContentFieldsInput | null, target: (current: StoredItem) => ContentStatus, plan: Omit<Plan, 'status'>, check: (actor: Actor, current: StoredItem, status: ContentStatus) => void): Promise<EditableItem> {
    return write(async (tx) => {
      const current = await load(tx, kind, id);
      assertEdit(actor, current);
      const status = target(current);
      check(actor, current, status);
      const expected = revision ?? current.revision;
      if (expected !== current.revision) throw new ContentError('conflict', 'Someone else saved this in the meantime.', { details: { revision: current.revision } });
      let w: ItemWrite;
      let termIds: number[] | null = null;
      if (input) {
        const prepared = await prepare(tx, actor, current.kind, parseFields(input), current, status);
        w = prepared.write;
        termIds = prepared.termIds;
      } else {
        const f = (await toEditable(tx, current)).fields;
        w = (await prepare(tx, actor, current.kind, f, current, status)).write;
      }
      await commit(tx, actor, current, expected, w, termIds, { status, ...plan });
      const stored = (await tx.editorial.get(current.kind, id))!;
      const saved = await toEditable(tx, stored);
      return { before: current.status, after: status, value: saved, keys: itemChangeKeys(current, stored) };
    });
  }

  const mustPublish = (actor: Actor, current: StoredItem, status: ContentStatus) => {
    if ((status === 'publish' || status === 'future' || status === 'private' || isLive(current.status)) && !canPublish(actor, current)) {
      throw new ContentError('forbidden', 'Your role does not allow you to publish: submit it for review instead.');
    }
  };
  const keepStatus = (actor: Actor, current: StoredItem) => {
    if (current.status === 'trash') throw new ContentError('invalid', 'This item is in the trash: restore it first.');
    mustPublish(actor, current, current.status);
  };

  return {
    /** Creates an item (a draft unless `status` says otherwise) authored by the actor unless the fields name another. */
    async create(actor: Actor, kind: ContentKind, input: ContentFieldsInput, status: Exclude<ContentStatus, 'trash'> = 'draft'): Promise<EditableItem> {
      if (!can(actor, kindPermission(kind))) throw new ContentError('forbidden', 'Your role does not allow you to create this.');
      if ((status === 'publish' || status === 'future' || status === 'private') && !canPublish(actor, { kind, authorId: actor.id, status: 'draft' })) {
        throw new ContentError('forbidden', 'Your role does not allow you to publish: submit it for review instead.');
      }
      return write(async (tx) => {
        const fields = parseFields(input);
        const { write: w, termIds } = await prepare(tx, actor, kind, fields, null, status);
        const id = await tx.editorial.insert(kind, w);
        await tx.editorial.setTerms(kind, id, termIds);
        const saved = (await tx.editorial.get(kind, id))!;
        const item = await toEditable(tx, saved);
        await tx.revisions.add({ objectType: objectType(kind), objectId: id, revision: 1, kind: 'save', status, authorId: actor.id, fields: item.fields });
        return { before: null, after: status, value: item, keys: itemChangeKeys(saved) };
      });
    },

    /** An item for its editor, with the actor's newer unapplied autosave if there is one. */
    async get(actor: Actor, kind: ContentKind | null, id: number): Promise<LoadedItem> {
      const current = await load(repos, kind, id);
      assertEdit(actor, current);
      const item = await toEditable(repos, current);
      const pending = await repos.revisions.pending(objectType(current.kind), id, actor.id);
      return { item, pending: pending && pending.createdAt > current.updatedAt ? pending : null };
    },

    /** Saves the fields, keeping the status (a live item changes for readers at once). */
    save(actor: Actor, kind: ContentKind | null, id: number, revision: number, input: ContentFieldsInput): Promise<EditableItem> {
      return change(actor, kind, id, revision, input, (c) => c.status, { kindOfRevision: 'save' }, (a, c) => keepStatus(a, c));
    },

    /**
     * Autosave. An unpublished item is saved (one coalesced autosave revision); a live one is not
     * touched: the fields are kept as the actor's pending autosave until they save, so readers
     * never see work in progress.
     */
    async autosave(actor: Actor, kind: ContentKind | null, id: number, revision: number, input: ContentFieldsInput): Promise<{ item: EditableItem; applied: boolean }> {
      const current = await load(repos, kind, id);
      assertEdit(actor, current);
      if (current.status === 'draft' || current.status === 'pending') {
        const item = await change(actor, kind, id, revision, input, (c) => c.status, { kindOfRevision: 'autosave' }, () => undefined);
        return { item, applied: true };
      }
      if (current.status === 'trash') throw new ContentError('invalid', 'This item is in the trash: restore it first.');
      if (revision !== current.revision) throw new ContentError('conflict', 'Someone else saved this in the meantime.', { details: { revision: current.revision } });
      const fields = parseFields(input);
      await repos.revisions.setPending({ objectType: objectType(current.kind), objectId: id, revision: current.revision, status: current.status, authorId: actor.id, fields });
      return { item: await toEditable(repos, current), applied: false };
    },

    /** Saves and publishes now (a chosen date in the past is kept: backdating). */
    publish(actor: Actor, kind: ContentKind | null, id: number, revision: number, input: ContentFieldsInput | null, visibility: 'public' | 'private' = 'public'): Promise<EditableItem> {
      return change(actor, kind, id, revision, input, () => (visibility === 'private' ? 'private' : 'publish'), { kindOfRevision: 'save' }, mustPublish);
    },

    /** Saves and schedules: the item publishes itself at its date (fields.date, in the future). */
    schedule(actor: Actor, kind: ContentKind | null, id: number, revision: number, input: ContentFieldsInput): Promise<EditableItem> {
      return change(actor, kind, id, revision, input, () => 'future', { kindOfRevision: 'save' }, mustPublish);
    },

    /** Back to draft: readers no longer see it (its address answers 404 until it is published again). */
    unpublish(actor: Actor, kind: ContentKind | null, id: number, revision: number): Promise<EditableItem> {
      return change(actor, kind, id, revision, null, () => 'draft', { kindOfRevision: 'save' }, mustPublish);
    },

    /** A contributor's "submit for review": saved as pending, for an editor to publish. */
    submitForReview(actor: Actor, kind: ContentKind | null, id: number, revision: number, input: ContentFieldsInput | null): Promise<EditableItem> {
      return change(actor, kind, id, revision, input, () => 'pending', { kindOfRevision: 'save' }, (_a, c) => {
        if (c.status !== 'draft' && c.status !== 'pending') throw new ContentError('invalid', 'Only a draft can be submitted for review.');
      });
    },

    trash(actor: Actor, kind: ContentKind | null, id: number): Promise<EditableItem> {
      return change(actor, kind, id, null, null, () => 'trash', { kindOfRevision: 'save' }, (a, c) => {
        if (!canTrash(a, c)) throw new ContentError('forbidden', 'Your role does not allow you to move this to the trash.');
        if (isLive(c.status)) mustPublish(a, c, c.status);
        if (c.status === 'trash') throw new ContentError('invalid', 'This item is already in the trash.');
      });
    },

    /** Out of the trash, as a draft (never straight back to readers). */
    restore(actor: Actor, kind: ContentKind | null, id: number): Promise<EditableItem> {
      return change(actor, kind, id, null, null, () => 'draft', { kindOfRevision: 'save' }, (_a, c) => {
        if (c.status !== 'trash') throw new ContentError('invalid', 'This item is not in the trash.');
      });
    },

    async revisions(actor: Actor, kind: ContentKind | null, id: number): Promise<RevisionSummary[]> {
      const current = await load(repos, kind, id);
      assertEdit(actor, current);
      return repos.revisions.list(objectType(current.kind), id);
    },

    async revision(actor: Actor, kind: ContentKind | null, id: number, revisionId: number): Promise<RevisionDetail> {
      const current = await load(repos, kind, id);
      assertEdit(actor, current);
      const r = await repos.revisions.get(objectType(current.kind), id, revisionId);
      if (!r) throw new ContentError('not_found', 'This revision does not exist.');
      return r;
    },

    /** Makes an old revision's fields the current ones (a new revision; the status stays). */
    async restoreRevision(actor: Actor, kind: ContentKind | null, id: number, revisionId: number, revision: number): Promise<EditableItem> {
      const current = await load(repos, kind, id);
      const r = await repos.revisions.get(objectType(current.kind), id, revisionId);
      if (!r) throw new ContentError('not_found', 'This revision does not exist.');
      // The address stays: restoring words must not move a published page.
      const fields = { ...r.fields, slug: hasPublicAddress(current.status) ? current.slug : r.fields.slug };
      return change(actor, kind, id, revision, fields, (c) => c.status, { kindOfRevision: 'restore' }, (a, c) => keepStatus(a, c));
    },

    /** Publishes every scheduled item whose time has come; answers how many (the scheduler). */
    async publishDue(): Promise<number> {
      const at = clock().toISOString();
      const due = await repos.editorial.due(at);
      let published = 0;
      const keys: string[] = [];
      for (const d of due) {
        const done = await repos.transaction(async (tx) => {
          if (!(await tx.editorial.publishIfDue(d.kind, d.id, at))) return false;
          const saved = (await tx.editorial.get(d.kind, d.id))!;
          await tx.revisions.add({ objectType: objectType(d.kind), objectId: d.id, revision: saved.revision, kind: 'save', status: 'publish', authorId: null, fields: (await toEditable(tx, saved)).fields });
          const here = canonicalPath(publicPath(d.kind, saved.slug));
          if (here) await tx.redirects.removeFrom(here);
          keys.push(...itemChangeKeys(saved));
          return true;
        });
        if (done) published++;
      }
      if (published) await deps.contentChanged([...new Set(keys)]);
      return published;
    },

    nextScheduled: () => repos.editorial.nextScheduled(),
  };
}
export type ItemsService = ReturnType<typeof createItemsService>;

/** Inline HTML of text blocks through the allowlist (what the renderer would do anyway, stored clean). */
export function sanitizeBlocks(blocks: Block[]): Block[] {
  return blocks.map((b) => {
    switch (b.type) {
      case 'paragraph':
        return { ...b, html: sanitizeInline(b.html) };
      case 'quote':
        return { ...b, html: sanitizeInline(b.html) };
      case 'list':
        return { ...b, items: b.items.map(sanitizeInline) };
      case 'smartlist':
        return { ...b, items: b.items.map((i) => ({ ...i, html: sanitizeInline(i.html) })) };
      case 'heading':
        return b.anchor !== undefined ? { ...b, anchor: slugify(b.anchor) || undefined } : b;
      case 'html':
        return { ...b, html: sanitizeHtmlBlock(b.html) };
      default:
        return b;
    }
  });
}
