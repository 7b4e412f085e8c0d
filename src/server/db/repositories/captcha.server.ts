import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { parseJson } from './util.server.ts';

/** Captcha challenges (contact-form captcha): stored when shown, taken (deleted) when answered. */
export function captchaRepository(db: Kysely<Database>) {
  return {
    async create(prefix: string, answer: string, expiresAt: Date, look: Record<string, string> = {}): Promise<void> {
      await db.insertInto('captcha_challenges').values({ prefix, answer, look: JSON.stringify(look), expires_at: expiresAt.toISOString() }).execute();
    },

    /** The answer and look of a live challenge, to draw its image; the challenge stays. */
    async peek(prefix: string, now = new Date()): Promise<{ answer: string; look: Record<string, string> } | null> {
      const r = await db.selectFrom('captcha_challenges').select(['answer', 'look']).where('prefix', '=', prefix).where('expires_at', '>', now.toISOString()).executeTakeFirst();
      return r ? { answer: r.answer, look: parseJson(r.look, {}) } : null;
    },

    /**
     * Removes a challenge and returns its answer if it was still live. Exactly one of two
     * concurrent callers gets the answer (the delete decides), so a challenge is checked once.
     */
    async take(prefix: string, now = new Date()): Promise<string | null> {
      const r = await db.deleteFrom('captcha_challenges').where('prefix', '=', prefix).returning(['answer', 'expires_at']).executeTakeFirst();
      return r && r.expires_at > now.toISOString() ? r.answer : null;
    },

    /** Forgets challenges nobody answered. */
    async purgeExpired(now = new Date()): Promise<number> {
      const r = await db.deleteFrom('captcha_challenges').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
