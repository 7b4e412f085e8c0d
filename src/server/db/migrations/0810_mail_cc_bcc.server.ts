import { defineMigration } from './define.server.ts';

/** A form mail's Cc and Bcc recipients (its additional headers), comma-separated addresses; null: none. */
export default defineMigration('0810_mail_cc_bcc', async (db) => {
  await db.schema.alterTable('mail_outbox').addColumn('cc', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('bcc', 'text').execute();
});
