/**
 * A Contact Form 7 mail's "Additional headers" field: one `Name: value` a line, with the form's
 * `[field]` placeholders, as CF7 writes it (`Reply-To: [your-email]`, `Cc: desk@example.com`).
 * Masthead sends the three headers CF7 documents for that field: `Cc`, `Bcc` and `Reply-To`.
 * Any other header is kept as written (so an import and its export agree) but not sent, and the
 * editor names it (`checkForm`, features/contact-form/editor.ts).
 *
 * Header injection is impossible by construction: the text is never copied into the message's
 * head. Each known header's value, after its placeholders are filled, must hold no CR or LF and is
 * read as a comma-separated list of e-mail addresses (`addr`, or `Name <addr>`): only the
 * addresses that pass `isEmail` are kept (names are left out), and the mailer (nodemailer) is
 * given those addresses as its own `cc`, `bcc` and `replyTo` options.
 */
import { isEmail } from './rules.ts';

export const MAIL_HEADERS = ['Cc', 'Bcc', 'Reply-To'] as const;
export type MailHeaderName = (typeof MAIL_HEADERS)[number];

export interface HeaderLine {
  /** 1-based line number in the field */
  line: number;
  /** the line as written (trimmed) */
  raw: string;
  /** the header's name as written, '' when the line is not `Name: value` */
  name: string;
  value: string;
  /** the header Masthead sends, or null */
  known: MailHeaderName | null;
}

/** The non-empty lines of an additional-headers text, each read as `Name: value`. */
export function headerLines(text: string): HeaderLine[] {
  const out: HeaderLine[] = [];
  text.split(/\r\n?|\n/).forEach((l, i) => {
    const raw = l.trim();
    if (!raw) return;
    const m = /^([A-Za-z][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$/.exec(raw);
    const name = m?.[1] ?? '';
    out.push({ line: i + 1, raw, name, value: m?.[2]?.trim() ?? '', known: MAIL_HEADERS.find((h) => h.toLowerCase() === name.toLowerCase()) ?? null });
  });
  return out;
}

/**
 * The e-mail addresses of a header value: `a@x.org, Name <b@y.org>, "Last, First" <c@z.org>`.
 * Parts that are not an address are left out (`bad` counts them).
 */
export function addressList(value: string): { addresses: string[]; bad: number } {
  const addresses: string[] = [];
  let bad = 0;
  // commas inside quotes or angle brackets do not separate addresses
  const parts = value.match(/(?:"[^"]*"|<[^>]*>|[^,])+/g) ?? [];
  for (const part of parts) {
    const p = part.trim();
    if (!p) continue;
    const angle = /<([^<>]*)>\s*$/.exec(p);
    const address = (angle ? angle[1]! : p).trim();
    if (isEmail(address) && !/[\s<>",;:\\]/.test(address)) addresses.push(address);
    else bad++;
  }
  return { addresses, bad };
}

export interface ResolvedHeaders {
  cc: string[];
  bcc: string[];
  replyTo: string[];
}

/**
 * The recipients a mail's additional headers give once `fill` has put the submitted values in
 * their placeholders. A value with a line break after filling is dropped whole; each address is
 * checked; the same address is kept once per header.
 */
export function resolveHeaders(text: string | undefined, fill: (value: string) => string): ResolvedHeaders {
  const out: ResolvedHeaders = { cc: [], bcc: [], replyTo: [] };
  if (!text) return out;
  for (const h of headerLines(text)) {
    if (!h.known) continue;
    const value = fill(h.value);
    if (/[\r\n\u0000]/.test(value)) continue;
    const key = h.known === 'Cc' ? 'cc' : h.known === 'Bcc' ? 'bcc' : 'replyTo';
    for (const a of addressList(value).addresses) if (!out[key].some((x) => x.toLowerCase() === a.toLowerCase())) out[key].push(a);
  }
  return out;
}
