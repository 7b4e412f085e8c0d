import { randomUUID } from 'node:crypto';
import { defineMigration } from './define.server.ts';

/**
 * Mail outbox, exactly once (issue 13): a sender claims a row by setting it `sending` with a
 * lease (`lease_until`, `lease_token`); only the holder of the token may record the outcome, and a
 * row whose lease ran out (its sender was killed) is claimable again. Every message has a stable
 * Message-ID, kept across retries, so a receiver can tell a repeat. Rows written before this
 * migration get one now.
 *
 * Also the table behind database-backed rate limits (several processes on one PostgreSQL share
 * their counts): one row per key with its window start, count and a growing-delay deadline.
 */
export default defineMigration('0300_outbox_leases', async (db) => {
  await db.schema.alterTable('mail_outbox').addColumn('message_id', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_token', 'text').execute();
  const rows = (await db.selectFrom('mail_outbox').select('id').where('message_id', 'is', null).execute()) as { id: number }[];
  for (const r of rows) {
    await db.updateTable('mail_outbox').set({ message_id: `<${randomUUID()}@masthead.outbox>` }).where('id', '=', r.id).execute();
  }
  await db.schema.createIndex('mail_outbox_message_id').on('mail_outbox').column('message_id').unique().execute();
  await db.schema.createIndex('mail_outbox_submission').on('mail_outbox').column('submission_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();
});
