import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, PostsTable } from './schema.server.ts';
import type { Dialect } from './migrations.server.ts';
import type { Repositories } from './repositories/index.server.ts';
import type { Block } from '../../features/post/blocks.ts';
import { demoContent } from '../../../content/demo/content.ts';
import { demoImages } from './seed.server.ts';

/**
 * `npm run seed:large`: a large, realistic site written straight into the configured database.
 *
 * Authors, categories (with parents) and tags go through the repositories (a few hundred rows);
 * posts, their term relationships, likes and ratings go in as multi-row INSERTs, a few thousand
 * posts per transaction: the same rows `posts.create` + `terms.attach` would write (nothing else
 * is derived from a post on write; a database trigger, if a migration adds one, sees these rows
 * like any other INSERT). Pictures reuse the demo images' media rows (installed if missing).
 *
 * Deterministic: the same seed and the same starting database give the same site. Generated posts
 * are dated before the oldest post already there, so the demo's front page stays as it is.
 */

export interface SeedLargeOptions {
  posts: number;
  /** PRNG seed (default 1) */
  seed?: number;
  /** write even though the database holds content that is not the demo's */
  force?: boolean;
  /** posts per transaction (default 5,000) */
  batch?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedLargeReport {
  posts: number;
  pages: number;
  authors: number;
  categories: number;
  tags: number;
  relationships: number;
  likes: number;
  ms: number;
}

export class SeedRefusedError extends Error {}

/** Small, fast, deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the light harbour morning coast city table bread garden road river market window quiet small old new long early late slow warm cold ' +
  'village bridge island station kitchen studio paper camera film season winter summer autumn spring rain wind stone wood salt lemon ' +
  'walk read write cook travel build listen notice remember carry open close follow return gather keep share bring change begin find ' +
  'people friends family neighbours makers writers readers cooks walkers sailors gardeners bakers painters musicians engineers ' +
  'because while after before although until since whenever where which that every each another other most many few several ' +
  'through across along around between under over beside beyond toward against without within during ' +
  'careful simple honest bright patient curious generous strange familiar careful steady gentle sharp plain clear ' +
  'story detail moment hour week year map note letter photograph recipe review journey question answer idea habit craft method'
).split(/\s+/);
const TITLE_WORDS = (
  'Harbour Morning Coast City Table Bread Garden Road River Market Window Village Bridge Island Station Kitchen Studio Paper Camera Film ' +
  'Winter Summer Autumn Spring Rain Wind Stone Salt Lemon Lighthouse Orchard Valley Ridge Meadow Archive Notebook Journey Craft Season'
).split(/\s+/);
const TITLE_FORMS = [
  (a: string, b: string) => `The ${a} and the ${b}`,
  (a: string, b: string) => `Notes from the ${a}: ${b} days`,
  (a: string, b: string) => `A ${a.toLowerCase()} worth the ${b.toLowerCase()}`,
  (a: string, b: string) => `Why the ${a.toLowerCase()} still matters to the ${b.toLowerCase()}`,
  (a: string, b: string) => `${a} at dawn, ${b.toLowerCase()} at dusk`,
  (a: string, b: string) => `Ten things we learned about the ${a.toLowerCase()} ${b.toLowerCase()}`,
  (a: string) => `In praise of the ${a.toLowerCase()}`,
  (a: string, b: string) => `${a}, ${b} and everything between`,
];
const FIRST = 'Ada Ben Clara Dmitri Elena Farid Greta Hugo Ines Jonas Keiko Liam Maya Noor Oskar Priya Quentin Rosa Samir Tove Umar Vera Wen Ximena Yusuf Zoe'.split(' ');
const LAST = 'Alvarez Brandt Costa Dubois Eriksen Fischer Grant Haddad Ito Jensen Kowalski Lindqvist Moreau Nakamura Okafor Petrov Quinn Rossi Sato Tanaka'.split(' ');
const SUBSECTIONS: Record<string, string[]> = {
  travel: ['Coast paths', 'City breaks', 'Islands', 'By train'],
  food: ['Recipes', 'Baking', 'Restaurants', 'Markets'],
  reviews: ['Books', 'Cameras', 'Outdoor gear'],
  photography: ['Techniques', 'Portfolios', 'Film photography'],
  culture: ['Cinema', 'Music', 'Essays'],
};
const NEW_SECTIONS = ['Science', 'Design', 'Gardening', 'Architecture', 'Sport'];

/** Slugs of the demo's posts and pages: what a database may hold without counting as "content". */
export function demoSlugs(): Set<string> {
  const c = demoContent(() => 1);
  return new Set([...c.posts, ...c.pages].map((p) => p.slug));
}

const slugOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function seedLarge(db: Kysely<Database>, dialect: Dialect, repos: Repositories, opts: SeedLargeOptions): Promise<SeedLargeReport> {
  const started = performance.now();
  const total = Math.max(0, Math.floor(opts.posts));
  const batch = Math.max(100, opts.batch ?? 5000);
  const rnd = prng(opts.seed ?? 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  /** skewed towards 0: a few items get most of the picks (tags, categories, authors) */
  const skewed = (n: number) => Math.min(n - 1, Math.floor(n * rnd() ** 2.2));

  // Refuse to pour generated posts into a real site (they would be hard to tell apart afterwards).
  const known = demoSlugs();
  const foreign = await db.selectFrom('posts').select('slug').where('slug', 'not in', [...known]).limit(1).executeTakeFirst();
  if (foreign && !opts.force) {
    throw new SeedRefusedError(
      `The database already holds content that is not the demo's (for example “${foreign.slug}”). seed:large only fills a fresh or demo-only site; pass --force to add the generated posts anyway.`,
    );
  }

  // Pictures: the demo images' media rows (installed here when the demo was not).
  let media = await db.selectFrom('media').select(['id', 'file']).orderBy('id').execute();
  const demoFiles = new Set(demoImages.map((m) => m.file));
  if (!media.some((m) => demoFiles.has(m.file))) {
    for (const m of demoImages) await repos.media.create({ file: m.file, mime: m.mime, width: m.width, height: m.height, alt: m.alt, caption: m.caption, variants: m.variants });
    media = await db.selectFrom('media').select(['id', 'file']).orderBy('id').execute();
  }
  const images = media.filter((m) => demoFiles.has(m.file)).map((m) => m.id);

  // Authors, categories and tags through the repositories; existing ones (same slug) are reused.
  const authorIds: number[] = [];
  const categoryIds: number[] = [];
  const tagIds: number[] = [];
  await repos.transaction(async (tx) => {
    for (let i = 0; i < 36; i++) {
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[(i * 7) % LAST.length]!;
      const slug = slugOf(`${first} ${last}`);
      const existing = await tx.users.bySlug(slug);
      authorIds.push(
        existing?.id ??
          (await tx.users.create({
            login: slug,
            slug,
            email: `${slug}@example.com`,
            displayName: `${first} ${last}`,
            firstName: first,
            lastName: last,
            role: i < 4 ? 'editor' : 'author',
            passwordHash: `locked:${randomBytes(24).toString('base64url')}`,
            bio: `${first} writes about ${pick(WORDS)} and ${pick(WORDS)} for the magazine.`,
            avatarMediaId: i % 3 === 0 ? pick(images) : null,
          })),
      );
    }
    const category = async (name: string, parentId: number | null) => {
      const slug = slugOf(name);
      const existing = await tx.terms.bySlug('category', slug);
      return existing?.id ?? tx.terms.create('category', slug, name, `Stories filed under ${name.toLowerCase()}.`, parentId);
    };
    for (const [parent, children] of Object.entries(SUBSECTIONS)) {
      const parentId = (await tx.terms.bySlug('category', parent))?.id ?? (await category(parent[0]!.toUpperCase() + parent.slice(1), null));
      categoryIds.push(parentId);
      for (const c of children) categoryIds.push(await category(c, parentId));
    }
    for (const s of NEW_SECTIONS) categoryIds.push(await category(s, null));
    const tagNames = new Set<string>();
    while (tagNames.size < 400) tagNames.add(rnd() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${pick(WORDS)}`);
    for (const name of tagNames) {
      const slug = slugOf(name);
      const existing = await tx.terms.bySlug('tag', slug);
      tagIds.push(existing?.id ?? (await tx.terms.create('tag', slug, name[0]!.toUpperCase() + name.slice(1))));
    }
  });

  // Dates: spread over years, ending a day before the oldest post already there.
  const oldest = await db.selectFrom('posts').select((eb) => eb.fn.min('published_at').as('d')).executeTakeFirst();
  const end = (oldest?.d ? Date.parse(String(oldest.d)) : Date.UTC(2026, 0, 1)) - 86_400_000;
  const years = Math.min(10, Math.max(1, total / 12_000));
  const span = years * 365 * 86_400_000;
  // minute resolution: on a large site some posts share their minute (ties are ordered by id)
  const dates = Array.from({ length: total }, () => new Date(Math.floor((end - rnd() * span) / 60_000) * 60_000).toISOString()).sort();

  const maxId = Number((await db.selectFrom('posts').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
  const sentence = (min: number, max: number) => {
    const n = int(min, max);
    const w = Array.from({ length: n }, () => pick(WORDS));
    w[0] = w[0]![0]!.toUpperCase() + w[0]!.slice(1);
    return `${w.join(' ')}.`;
  };
  const paragraph = () => {
    const s = Array.from({ length: int(2, 6) }, () => sentence(6, 18));
    if (rnd() < 0.3) s[0] = `<strong>${s[0]}</strong>`;
    if (rnd() < 0.2) s[s.length - 1] = `<em>${s[s.length - 1]}</em>`;
    return s.join(' ');
  };
  const body = (): { blocks: Block[]; gallery: boolean } => {
    // lengths: many short posts, some long reads
    const n = rnd() < 0.15 ? int(20, 45) : int(3, 14);
    const blocks: Block[] = [];
    let gallery = false;
    for (let i = 0; i < n; i++) {
      const r = rnd();
      if (i === 0 || r < 0.55) blocks.push({ type: 'paragraph', html: paragraph() });
      else if (r < 0.68) blocks.push({ type: 'heading', level: rnd() < 0.8 ? 2 : 3, text: sentence(2, 6).slice(0, -1) });
      else if (r < 0.78) blocks.push({ type: 'list', ordered: rnd() < 0.3, items: Array.from({ length: int(3, 7) }, () => sentence(3, 9)) });
      else if (r < 0.85) blocks.push({ type: 'quote', html: sentence(8, 20), ...(rnd() < 0.5 ? { cite: `${pick(FIRST)} ${pick(LAST)}` } : {}) });
      else if (r < 0.97 || gallery) blocks.push({ type: 'image', media: pick(images), ...(rnd() < 0.5 ? { caption: sentence(3, 8) } : {}) });
      else {
        gallery = true;
        blocks.push({ type: 'gallery', style: pick(['justified', 'masonry', 'slider'] as const), media: Array.from({ length: int(3, 6) }, () => pick(images)), rowHeight: 220, margin: 6, columns: 7 });
      }
    }
    return { blocks, gallery };
  };

  let relationships = 0;
  let likes = 0;
  let written = 0;
  const pagesToWrite = total >= 50 ? 5 : 0;
  const rows = total + pagesToWrite;
  // SQLite accepts 32,766 bound values per statement, PostgreSQL 65,535: 400 posts × 16 columns.
  const chunk = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
  for (let from = 0; from < rows; from += batch) {
    const posts: Insertable<PostsTable>[] = [];
    const rels: { object_type: string; object_id: number; term_id: number; position: number }[] = [];
    const likeRows: { post_id: number; visitor: string; created_at: string }[] = [];
    const ratingRows: { post_id: number; visitor: string; rating: number; created_at: string }[] = [];
    for (let i = from; i < Math.min(rows, from + batch); i++) {
      const id = maxId + 1 + i;
      const isPage = i >= total;
      const a = pick(TITLE_WORDS);
      const b = pick(TITLE_WORDS);
      const title = isPage ? ['Masthead archive', 'Advertise with us', 'Write for us', 'Corrections policy', 'Newsletter'][i - total]! : pick(TITLE_FORMS)(a, b);
      const { blocks, gallery } = body();
      const at = isPage ? new Date(end).toISOString() : dates[i]!;
      const first = blocks[0]?.type === 'paragraph' ? blocks[0].html.replace(/<[^>]+>/g, '') : title;
      const rating = !isPage && rnd() < 0.08;
      posts.push({
        id,
        type: isPage ? 'page' : 'post',
        slug: `${slugOf(title)}-${id}`,
        title,
        excerpt: first.length > 160 ? `${first.slice(0, first.lastIndexOf(' ', 157))}…` : first,
        body: JSON.stringify(blocks),
        format: gallery && rnd() < 0.5 ? 'gallery' : 'standard',
        status: 'publish',
        author_id: authorIds[skewed(authorIds.length)]!,
        featured_media_id: isPage || rnd() < 0.1 ? null : pick(images),
        allow_rating: rating ? 1 : 0,
        meta: '{}',
        published_at: at,
        // about one post in five was edited after publishing
        updated_at: rnd() < 0.2 ? new Date(Math.min(end, Date.parse(at) + int(1, 90) * 86_400_000)).toISOString() : at,
        created_at: at,
      });
      if (isPage) continue;
      const cats = new Set([categoryIds[skewed(categoryIds.length)]!]);
      if (rnd() < 0.15) cats.add(pick(categoryIds));
      const tags = new Set<number>();
      for (let t = int(0, 6); t > 0; t--) tags.add(tagIds[skewed(tagIds.length)]!);
      [...cats, ...tags].forEach((term_id, position) => rels.push({ object_type: 'post', object_id: id, term_id, position }));
      if (rnd() < 0.03) for (let l = int(1, 40); l > 0; l--) likeRows.push({ post_id: id, visitor: `seed:${l}`, created_at: at });
      if (rating) for (let r = int(0, 5); r > 0; r--) ratingRows.push({ post_id: id, visitor: `seed:${r}`, rating: int(2, 5), created_at: at });
    }
    await db.transaction().execute(async (trx) => {
      for (const c of chunk(posts, 400)) await trx.insertInto('posts').values(c).execute();
      for (const c of chunk(rels, 2000)) await trx.insertInto('term_relationships').values(c).execute();
      for (const c of chunk(likeRows, 2000)) await trx.insertInto('likes').values(c).execute();
      for (const c of chunk(ratingRows, 2000)) await trx.insertInto('ratings').values(c).execute();
    });
    relationships += rels.length;
    likes += likeRows.length;
    written += posts.length;
    opts.onProgress?.(written, rows);
  }
  // Ids were given explicitly: move PostgreSQL's sequence past them.
  if (dialect === 'postgres' && rows > 0) await sql`select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from posts))`.execute(db);
  // PostgreSQL's autovacuum would gather statistics of the new rows a little later: at once here.
  // (SQLite has none unless ANALYZE runs, which the site never does: left as a grown site has it.)
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  return { posts: total, pages: pagesToWrite, authors: authorIds.length, categories: categoryIds.length, tags: tagIds.length, relationships, likes, ms: Math.round(performance.now() - started) };
}
