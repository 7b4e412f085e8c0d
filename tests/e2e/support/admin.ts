import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openDatabase } from '../../../src/server/db/connect.server.ts';
import { createRepositories } from '../../../src/server/db/repositories/index.server.ts';
import { hashPassword } from '../../../src/server/passwords.server.ts';
import type { Role } from '../../../src/features/accounts/types.ts';
import { dataDir } from '../../../playwright.config.ts';

/**
 * Helpers of the admin specs. Accounts of other roles are created the way issue 10's users
 * screen will: through the users repository on the e2e server's own database. Test images are
 * made here with sharp (no downloaded data). Specs trash what they publish, so the demo site the
 * other specs read stays as it was.
 */
export async function ensureUser(login: string, role: Role, password: string, displayName = login): Promise<number> {
  const db = await openDatabase({ dataDir });
  try {
    const repos = createRepositories(db.kysely);
    const existing = await repos.users.byLoginOrEmail(login);
    if (existing) return existing.id;
    return await repos.users.create({ login, email: `${login}@example.com`, displayName, role, passwordHash: await hashPassword(password) });
  } finally {
    await db.close();
  }
}

export async function signIn(page: Page, login: string, password: string) {
  await page.context().clearCookies();
  await page.goto('/account/');
  const form = page.getByRole('form', { name: 'Log in', exact: true });
  await form.getByLabel(/user ?name/i).fill(login);
  await form.getByLabel(/^password/i).fill(password);
  await form.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/loggedin=1/);
}

/** A call to the admin API as the signed-in user of the page (same cookies, the CSRF header). */
export async function adminApi<T = unknown>(page: Page, action: string, input: unknown): Promise<{ status: number; body: { ok: boolean; data?: T; error?: { code: string; message: string; field?: string } } }> {
  const base = process.env.E2E_BASE_URL!;
  const res = await page.request.post(`${base}/api/admin/${action}`, { data: input, headers: { origin: base, 'x-masthead-admin': '1' } });
  return { status: res.status(), body: await res.json() };
}

/** A photo-like test image (a gradient with a few shapes) of the given size. */
export function testImage(width: number, height: number, hue: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},50%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.12}" fill="hsl(${hue},90%,85%)"/><path d="M0 ${height * 0.75} L${width * 0.3} ${height * 0.55} L${width * 0.6} ${height * 0.7} L${width} ${height * 0.5} V${height} H0Z" fill="hsl(${(hue + 180) % 360},30%,25%)"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

/** Ids of items a spec published, trashed again after each test. */
export function cleanup() {
  const items: { kind: 'post' | 'page' | 'portfolio'; id: number }[] = [];
  return {
    add(kind: 'post' | 'page' | 'portfolio', id: number) {
      items.push({ kind, id });
    },
    /** the id in the editor's address (/admin/posts/12/) */
    fromUrl(page: Page, kind: 'post' | 'page' | 'portfolio' = 'post') {
      const m = /\/admin\/(?:posts|pages|portfolio)\/(\d+)\//.exec(page.url());
      if (m) items.push({ kind, id: Number(m[1]) });
      return m ? Number(m[1]) : null;
    },
    async run(page: Page) {
      for (const it of items.splice(0)) {
        const r = await adminApi(page, 'items.trash', { kind: it.kind, id: it.id });
        if (r.status !== 200 && r.body.error?.message !== 'This item is already in the trash.') throw new Error(`cleanup failed: ${JSON.stringify(r.body)}`);
      }
    },
  };
}

/** The editor's Content textbox. */
export const contentBox = (page: Page) => page.getByRole('textbox', { name: 'Content' });

/** The anonymous page as a reader (no cookies), and whether the page cache answered. */
export async function asReader(path: string): Promise<{ html: string; cache: string | undefined; status: number }> {
  const base = process.env.E2E_BASE_URL!;
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  return { html: await res.text(), cache: res.headers.get('x-cache') ?? undefined, status: res.status };
}
