import { readdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Mail caught by the SMTP catcher of scripts/e2e-server.ts. */
const dir = path.resolve(process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail');

export interface CaughtMail {
  file: string;
  to: string;
  raw: string;
}

export function caughtMail(): CaughtMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(dir, f), 'utf8');
      return { file: f, to: /^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '', raw };
    });
}

/** Waits until a message to `to` arrives (newer than `after` messages). */
export async function waitForMail(to: string, after = 0, timeoutMs = 20_000): Promise<CaughtMail> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const m = caughtMail().slice(after).find((x) => x.to.includes(to));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** Simulates an SMTP outage (the catcher answers 421) until `smtpUp()`. */
export const smtpDown = () => writeFileSync(path.join(dir, '.down'), '');
export const smtpUp = () => rmSync(path.join(dir, '.down'), { force: true });

/** Decodes quoted-printable bodies enough to find links and text. */
export const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
