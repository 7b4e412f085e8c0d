import type { RenderContext } from '../post/render-context.ts';
import type { Translate } from '../../i18n/index.ts';
import { Island } from '../../ui/Island.tsx';
import type { FormDefinition } from './definition.ts';
import { ContactFormView, type ContactFormProps } from './ContactFormView.tsx';
import type { FormPostResult } from './types.ts';
import { templateLayout } from './template.ts';

/** Version of Contact Form 7 whose markup and REST shapes we follow. */
export const CF7_VERSION = '6.0.6';

export const unitTag = (formId: number, postId: number, instance: number) => `wpcf7-f${formId}-p${postId}-o${instance}`;

/** The messages the browser script needs besides the server's answers (also in `data-messages`, as CF7 pages have them). */
export interface ClientMessages {
  validation_error: string;
  mail_sent_ng: string;
  fetch_error: string;
  invalid_json: string;
  wrong_place: string;
}

/** Languages written right to left (CF7's wpcf7_is_rtl): the form's wrapper says so in `dir`. */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ps', 'sd', 'ug', 'ur', 'yi']);
export const localeDir = (locale: string): 'ltr' | 'rtl' => (RTL.has(locale.split(/[_-]/)[0]!.toLowerCase()) ? 'rtl' : 'ltr');

export function clientMessages(def: FormDefinition, t: Translate): ClientMessages {
  return {
    validation_error: def.messages.validation_error,
    mail_sent_ng: def.messages.mail_sent_ng,
    fetch_error: t('form.fetchError'),
    invalid_json: t('form.invalidJson'),
    wrong_place: t('form.wrongPlace'),
  };
}

/**
 * A contact form as Contact Form 7 6.x renders it (./ContactFormView.tsx), as the island
 * `contact-form` hydrated when the browser is idle: before that, and without script, it posts as
 * multipart to the page itself, and the answer to such a post is rendered here (status, message,
 * invalid tips, the visitor's values). `preview` (the form editor) renders the markup alone.
 * Besides CF7's hidden fields there is a signed render time and a honeypot field that people and
 * assistive technology never see.
 */
export function ContactForm({ formId, ctx, instance = 1, preview = false }: { formId: number; ctx: RenderContext; instance?: number; preview?: boolean }) {
  const def: FormDefinition | undefined = ctx.forms?.[formId];
  if (!def) return null;
  const tag = unitTag(formId, ctx.postId, instance);
  const post: FormPostResult | null = ctx.formState?.post?.unitTag === tag ? ctx.formState.post : null;
  const of = (prefix: string) => <T,>(all: Record<string, T>) => Object.fromEntries(Object.entries(all).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));
  const props: ContactFormProps = {
    formId,
    tag,
    lang: def.locale.replace('_', '-'),
    dir: localeDir(def.locale),
    title: def.title,
    action: `${ctx.postUrl}#${tag}`,
    postId: ctx.postId,
    locale: def.locale,
    version: CF7_VERSION,
    fields: def.fields,
    layout: templateLayout(def.template, def.fields),
    messages: clientMessages(def, ctx.t),
    honeypot: ctx.t('form.honeypot'),
    stamp: post?.stamp ?? ctx.formState?.stamp ?? '',
    quizzes: of(`${formId}:`)(ctx.formState?.quizzes ?? {}),
    captchas: of(`${formId}:`)(ctx.formState?.captchas ?? {}),
    post: post ? { status: post.answer.status, message: post.answer.message, invalid: post.answer.invalid_fields, hash: post.answer.posted_data_hash, values: post.values } : null,
  };
  if (preview) return <ContactFormView {...props} preview />;
  return <Island name="contact-form" of={ContactFormView} when="idle" props={props} />;
}
