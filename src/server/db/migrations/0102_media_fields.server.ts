import { defineMigration } from './define.server.ts';

/**
 * Media library fields: credit, title, the uploaded file's name, its stored original, size in
 * bytes, who uploaded it and when it last changed. Renditions stay in `variants` (JSON), each
 * entry now naming its type (AVIF, WebP, JPEG/PNG) so pages can offer the modern ones first.
 */
export default defineMigration('0102_media_fields', async (db) => {
  await db.schema.alterTable('media').addColumn('title', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('media').addColumn('credit', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('media').addColumn('original_name', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('media').addColumn('original_file', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('media').addColumn('size', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('media').addColumn('uploaded_by', 'integer').execute();
  await db.schema.alterTable('media').addColumn('updated_at', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('media_created').on('media').columns(['created_at']).execute();
});
