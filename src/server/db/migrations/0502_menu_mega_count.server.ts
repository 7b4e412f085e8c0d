import { defineMigration } from './define.server.ts';

/** How many of its category's latest posts a mega-menu panel shows (null: the theme's default). */
export default defineMigration('0502_menu_mega_count', async (db) => {
  await db.schema.alterTable('menu_items').addColumn('mega_count', 'integer').execute();
});
