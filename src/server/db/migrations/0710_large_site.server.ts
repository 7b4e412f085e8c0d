import { defineMigration } from './define.server.ts';

/**
 * Indexes for a large site (issue 14, part 2: 100,000 posts). Every listing a reader sees is read
 * from an index that holds all it filters and sorts by, so a page is a short walk along one index
 * instead of reading post rows (which carry the whole body):
 *   - posts_listing_keyset (type, status, published_at, id): home, archives, feed, previous/next,
 *     read from either end (first and last pages alike); replaces posts_listing without the id;
 *   - posts_author_keyset (author_id, type, status, published_at, id): author pages and an
 *     article's "more by the author"; replaces posts_author;
 *   - term_relationships_term_object (term_id, object_type, object_id): a category's or tag's
 *     posts without touching the table; replaces term_relationships_term;
 *   - posts_sitemap (status, id, type, slug, updated_at): the sitemap's files, in id order.
 */
export default defineMigration('0710_large_site', async (db) => {
  await db.schema.createIndex('posts_listing_keyset').on('posts').columns(['type', 'status', 'published_at', 'id']).execute();
  await db.schema.dropIndex('posts_listing').execute();
  await db.schema.createIndex('posts_author_keyset').on('posts').columns(['author_id', 'type', 'status', 'published_at', 'id']).execute();
  await db.schema.dropIndex('posts_author').execute();
  await db.schema.createIndex('term_relationships_term_object').on('term_relationships').columns(['term_id', 'object_type', 'object_id']).execute();
  await db.schema.dropIndex('term_relationships_term').execute();
  await db.schema.createIndex('posts_sitemap').on('posts').columns(['status', 'id', 'type', 'slug', 'updated_at']).execute();
});
