import { defineMigration } from './define.server.ts';

/**
 * Contact Form 7's image captcha (`[captchac]`/`[captchar]`): one row per challenge shown, with
 * its answer, until it is answered (then deleted: each challenge is checked once) or expires.
 */
export default defineMigration('0003_captcha', async (db) => {
  await db.schema
    .createTable('captcha_challenges')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    /** how the picture looks, from the [captchac] tag: size and colours, as JSON */
    .addColumn('look', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_challenges_expires').on('captcha_challenges').column('expires_at').execute();
});
