import type { Kysely, Selectable } from 'kysely';
import type { Database, PortfolioItemsTable } from '../schema.server.ts';
import type { PortfolioItem, PortfolioMeta, PortfolioSummary } from '../../../features/portfolio/types.ts';
import { portfolioUrl } from '../../../features/portfolio/types.ts';
import { blockMediaIds, blocksSchema, type Block } from '../../../features/post/blocks.ts';
import { termsRepository } from './terms.server.ts';
import { type RepositoryOptions, mediaRepository } from './media.server.ts';
import { now, parseJson } from './util.server.ts';

export interface PortfolioQuery {
  /** portfolio category slug, or '*' / undefined for all */
  term?: string;
  excludeIds?: number[];
  limit: number;
}

export interface NewPortfolioItem {
  slug: string;
  title: string;
  excerpt: string;
  blocks: Block[];
  featuredMediaId: number | null;
  layout: 1 | 2 | 3;
  meta: PortfolioMeta;
  publishedAt: string;
  categoryIds: number[];
}

type Row = Selectable<PortfolioItemsTable>;

export function portfolioRepository(db: Kysely<Database>, opts: RepositoryOptions = {}) {
  const terms = termsRepository(db);
  const media = mediaRepository(db, opts);

  async function summaries(rows: Row[]): Promise<PortfolioSummary[]> {
    const [termMap, mediaMap] = await Promise.all([
      terms.forObjects('portfolio', rows.map((r) => r.id)),
      media.byIds(rows.flatMap((r) => (r.featured_media_id ? [r.featured_media_id] : []))),
    ]);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      url: portfolioUrl(r.slug),
      title: r.title,
      excerpt: r.excerpt,
      featured: r.featured_media_id ? (mediaMap[r.featured_media_id] ?? null) : null,
      categories: termMap.get(r.id) ?? [],
      publishedAt: r.published_at,
    }));
  }

  return {
    /** Items newest first, optionally in one category, leaving out ids already shown. */
    async list(q: PortfolioQuery): Promise<{ items: PortfolioSummary[]; total: number }> {
      let qb = db.selectFrom('portfolio_items').where('status', '=', 'publish');
      if (q.term && q.term !== '*') {
        qb = qb.where(
          'id',
          'in',
          db
            .selectFrom('term_relationships as tr')
            .innerJoin('terms', 'terms.id', 'tr.term_id')
            .select('tr.object_id')
            .where('tr.object_type', '=', 'portfolio')
            .where('terms.slug', '=', q.term),
        );
      }
      const total = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      if (q.excludeIds?.length) qb = qb.where('id', 'not in', q.excludeIds);
      const rows = await qb.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
      return { items: await summaries(rows), total: Number(total?.n ?? 0) };
    },
    async bySlug(slug: string): Promise<PortfolioItem | null> {
      const row = await db.selectFrom('portfolio_items').selectAll().where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst();
      if (!row) return null;
      const [summary] = await summaries([row]);
      const parsed = blocksSchema.safeParse(parseJson<unknown>(row.body, []));
      const blocks = parsed.success ? parsed.data : [];
      return {
        ...summary!,
        blocks,
        layout: (row.layout === 2 || row.layout === 3 ? row.layout : 1) as 1 | 2 | 3,
        meta: parseJson<PortfolioMeta>(row.meta, {}),
        media: await media.byIds(blockMediaIds(blocks)),
        seo: { title: row.seo_title, description: row.seo_description },
      };
    },
    async allSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      const rows = await db.selectFrom('portfolio_items').select(['slug', 'updated_at']).where('status', '=', 'publish').orderBy('published_at', 'desc').execute();
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
    },
    async create(p: NewPortfolioItem): Promise<number> {
      const blocks = blocksSchema.parse(p.blocks);
      const row = await db
        .insertInto('portfolio_items')
        .values({
          slug: p.slug,
          title: p.title,
          excerpt: p.excerpt,
          body: JSON.stringify(blocks),
          featured_media_id: p.featuredMediaId,
          layout: p.layout,
          meta: JSON.stringify(p.meta),
          published_at: p.publishedAt,
          updated_at: now(),
          created_at: p.publishedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await terms.attach('portfolio', row.id, p.categoryIds);
      return row.id;
    },
  };
}
export type PortfolioRepository = ReturnType<typeof portfolioRepository>;
