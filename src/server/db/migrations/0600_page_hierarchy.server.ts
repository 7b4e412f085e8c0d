import { defineMigration } from './define.server.ts';

/**
 * A page's parent page and its order among its siblings (WordPress's `post_parent` and
 * `menu_order`): kept so that an imported site keeps its page tree and an export gives it back.
 * Posts keep both at their defaults.
 */
export default defineMigration('0600_page_hierarchy', async (db) => {
  await db.schema.alterTable('posts').addColumn('parent_id', 'integer').execute();
  await db.schema.alterTable('posts').addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0)).execute();
});
