import type { ReactNode } from 'react';
import type { RenderContext } from '../post/render-context.ts';
import type { Translate } from '../../i18n/index.ts';
import type { FormDefinition, FormField, NamedField } from './definition.ts';
import { CAPTCHA_CHALLENGE_PREFIX, CAPTCHA_SIZES, HONEYPOT_FIELD, QUIZ_ANSWER_PREFIX, STAMP_FIELD, type ContactFormState, controlId, displayStatus, errorId, type FormPostResult, type PostedValues } from './types.ts';

/** Version of Contact Form 7 whose markup and REST shapes we follow. */
export const CF7_VERSION = '6.0.6';

export const unitTag = (formId: number, postId: number, instance: number) => `wpcf7-f${formId}-p${postId}-o${instance}`;

const AUTOCOMPLETE: Record<string, string> = { email: 'email', tel: 'tel', url: 'url' };

/** The messages the browser script needs besides the server's answers (read from `data-messages`). */
export interface ClientMessages {
  validation_error: string;
  mail_sent_ng: string;
  fetch_error: string;
  invalid_json: string;
  wrong_place: string;
}

function controlClass(f: NamedField, extra = ''): string {
  const parts = ['wpcf7-form-control', `wpcf7-${f.type === 'textarea' ? 'textarea' : f.type}`];
  if ('required' in f && f.required) parts.push('wpcf7-validates-as-required');
  if (f.type === 'email' || f.type === 'url' || f.type === 'tel' || f.type === 'number' || f.type === 'date' || f.type === 'time') parts.push(`wpcf7-validates-as-${f.type}`);
  if (extra) parts.push(extra);
  return parts.join(' ');
}

/** What one instance renders with: its unit tag, and the answer to a plain post of it, if any. */
interface Instance {
  tag: string;
  values: PostedValues;
  /** field → error message (from a plain post) */
  errors: Map<string, string>;
}

function Wrap({ name, inst, children }: { name: string; inst: Instance; children: ReactNode }) {
  const error = inst.errors.get(name);
  return (
    <span className="wpcf7-form-control-wrap" data-name={name}>
      {children}
      {error ? (
        <span className="wpcf7-not-valid-tip" aria-hidden="true">
          {error}
        </span>
      ) : null}
    </span>
  );
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

function Control({ f, inst }: { f: NamedField; inst: Instance }) {
  const req = 'required' in f && f.required;
  const error = inst.errors.has(f.name);
  const invalid = error ? ' wpcf7-not-valid' : '';
  const common = {
    'aria-invalid': error ? ('true' as const) : ('false' as const),
    ...(req ? { 'aria-required': 'true' as const } : {}),
    ...(error ? { 'aria-describedby': errorId(inst.tag, f.name) } : {}),
  };
  const id = controlId(inst.tag, f.name);
  const value = first(inst.values[f.name]);
  switch (f.type) {
    case 'text':
    case 'email':
    case 'url':
    case 'tel':
      return (
        <input
          id={id}
          type={f.type}
          name={f.name}
          size={40}
          maxLength={f.maxlength ?? 400}
          {...(f.minlength ? { minLength: f.minlength } : {})}
          className={controlClass(f) + invalid}
          autoComplete={f.name.includes('name') ? 'name' : AUTOCOMPLETE[f.type]}
          placeholder={f.placeholder}
          defaultValue={value || f.value || ''}
          {...common}
        />
      );
    case 'textarea':
      return (
        <textarea
          id={id}
          name={f.name}
          cols={40}
          rows={f.rows}
          maxLength={f.maxlength ?? 2000}
          {...(f.minlength ? { minLength: f.minlength } : {})}
          className={controlClass(f) + invalid}
          placeholder={f.placeholder}
          defaultValue={value || f.value || ''}
          {...common}
        />
      );
    case 'number':
      return <input id={id} type="number" name={f.name} className={controlClass(f) + invalid} min={f.min} max={f.max} step={f.step} placeholder={f.placeholder} defaultValue={value} {...common} />;
    case 'date':
      return <input id={id} type="date" name={f.name} className={controlClass(f) + invalid} min={f.min} max={f.max} defaultValue={value} {...common} />;
    case 'time':
      return <input id={id} type="time" name={f.name} className={controlClass(f) + invalid} defaultValue={value} {...common} />;
    case 'select': {
      const chosen = list(inst.values[f.name]);
      return (
        <select
          id={id}
          name={f.multiple ? `${f.name}[]` : f.name}
          multiple={f.multiple}
          className={controlClass(f) + invalid}
          defaultValue={f.multiple ? chosen : (chosen[0] ?? (f.includeBlank ? '' : undefined))}
          {...common}
        >
          {f.includeBlank ? <option value="">—Please choose an option—</option> : null}
          {f.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    }
    case 'checkbox':
    case 'radio': {
      const chosen = list(inst.values[f.name]);
      return (
        <span className={controlClass(f) + invalid} {...(error ? { 'aria-describedby': errorId(inst.tag, f.name) } : {})}>
          {f.options.map((o, i) => (
            <span key={o} className={`wpcf7-list-item${i === 0 ? ' first' : ''}${i === f.options.length - 1 ? ' last' : ''}`}>
              <label>
                <input type={f.type} name={f.type === 'checkbox' ? `${f.name}[]` : f.name} value={o} defaultChecked={chosen.includes(o)} />
                <span className="wpcf7-list-item-label">{o}</span>
              </label>
            </span>
          ))}
        </span>
      );
    }
    case 'acceptance':
      return (
        <span className={`wpcf7-form-control wpcf7-acceptance${f.optional ? ' optional' : ''}${f.invert ? ' invert' : ''}`}>
          <span className="wpcf7-list-item">
            <label>
              <input type="checkbox" name={f.name} value="1" aria-invalid="false" defaultChecked={value === '1'} />
              <span className="wpcf7-list-item-label">{f.label}</span>
            </label>
          </span>
        </span>
      );
    case 'file':
      return <input id={id} type="file" name={f.name} size={40} className={controlClass(f) + invalid} accept={f.accept.join(',') || undefined} {...common} />;
    case 'quiz':
    case 'captcha':
      return null;
    case 'hidden':
      return <input type="hidden" name={f.name} defaultValue={f.value} />;
  }
}

type Captchas = NonNullable<ContactFormState['captchas']>;

function Field({ f, inst, quiz, captchas, formId }: { f: FormField; inst: Instance; quiz: Record<string, [string, string]>; captchas: Captchas; formId: number }) {
  if (f.type === 'submit') {
    return (
      <p>
        <input className="wpcf7-form-control wpcf7-submit has-spinner btn" type="submit" value={f.label} />
      </p>
    );
  }
  if (f.type === 'hidden') return <Control f={f} inst={inst} />;
  if (f.type === 'note') return <p className="wpcf7-note">{f.text}</p>;
  if (f.type === 'acceptance') {
    return (
      <p>
        <Wrap name={f.name} inst={inst}>
          <Control f={f} inst={inst} />
        </Wrap>
      </p>
    );
  }
  if (f.type === 'quiz') {
    const [question, hashed] = quiz[`${formId}:${f.name}`] ?? [f.questions[0]!.question, ''];
    const error = inst.errors.has(f.name);
    return (
      <p>
        <label>
          {f.label ? (
            <>
              {f.label}
              <br />
            </>
          ) : null}
          <Wrap name={f.name} inst={inst}>
            <span className="wpcf7-quiz-label">{question}</span>{' '}
            <input
              id={controlId(inst.tag, f.name)}
              type="text"
              name={f.name}
              size={40}
              className={`wpcf7-form-control wpcf7-quiz${error ? ' wpcf7-not-valid' : ''}`}
              autoComplete="off"
              aria-required="true"
              aria-invalid={error ? 'true' : 'false'}
              {...(error ? { 'aria-describedby': errorId(inst.tag, f.name) } : {})}
            />
            <input type="hidden" name={`${QUIZ_ANSWER_PREFIX}${f.name}`} value={hashed} />
          </Wrap>
        </label>
      </p>
    );
  }
  if (f.type === 'captcha') {
    // CF7's [captchac] (hidden challenge + picture) and [captchar] (the answer box), in its markup
    const challenge = captchas[`${formId}:${f.name}`];
    const [width, height] = CAPTCHA_SIZES[f.size];
    const error = inst.errors.has(f.name);
    return (
      <p>
        {challenge ? (
          <>
            <input type="hidden" name={`${CAPTCHA_CHALLENGE_PREFIX}${f.name}`} value={challenge.prefix} />
            <img className={`wpcf7-form-control wpcf7-captchac wpcf7-captcha-${f.name.replace(/:/g, '')}`} width={width} height={height} alt="captcha" src={challenge.url} />
            <br />
          </>
        ) : null}
        <label>
          {f.label}
          <br />
          <Wrap name={f.name} inst={inst}>
            <input
              id={controlId(inst.tag, f.name)}
              type="text"
              name={f.name}
              size={40}
              className={`wpcf7-form-control wpcf7-captchar${error ? ' wpcf7-not-valid' : ''}`}
              autoComplete="off"
              aria-required="true"
              aria-invalid={error ? 'true' : 'false'}
              {...(error ? { 'aria-describedby': errorId(inst.tag, f.name) } : {})}
            />
          </Wrap>
        </label>
      </p>
    );
  }
  const grouped = f.type === 'checkbox' || f.type === 'radio';
  const label = (
    <>
      {f.label}
      {f.required ? <span className="required-mark" aria-hidden="true"> *</span> : null}
    </>
  );
  const typed = first(inst.values[f.name]).length;
  const counter =
    (f.type === 'textarea' || f.type === 'text') && f.counter ? (
      <span
        className={[
          'wpcf7-character-count',
          f.maxlength ? 'down' : 'up',
          f.maxlength && typed > f.maxlength ? 'too-long' : '',
          f.minlength && typed < f.minlength ? 'too-short' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        data-target-name={f.name}
        data-starting-value={f.maxlength ?? 0}
        data-current-value={f.maxlength ? f.maxlength - typed : typed}
        data-maximum-value={f.maxlength ?? ''}
        data-minimum-value={f.minlength ?? ''}
      >
        {f.maxlength ? f.maxlength - typed : typed}
      </span>
    ) : null;
  if (grouped) {
    return (
      <fieldset className="wpcf7-fieldset">
        <legend>{label}</legend>
        <Wrap name={f.name} inst={inst}>
          <Control f={f} inst={inst} />
        </Wrap>
      </fieldset>
    );
  }
  return (
    <p>
      <label>
        {label}
        <br />
        <Wrap name={f.name} inst={inst}>
          <Control f={f} inst={inst} />
        </Wrap>
      </label>
      {counter}
    </p>
  );
}

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
 * A contact form as Contact Form 7 6.x renders it: wrapper with the unit tag, hidden fields,
 * screen-reader response, field wraps and the response output. It posts as multipart to the
 * page itself without script (the answer to such a post is rendered here: status, message,
 * invalid tips, the visitor's values); the form script submits it through the REST API.
 * Besides CF7's hidden fields there is a signed render time and a honeypot field that people and
 * assistive technology never see.
 */
export function ContactForm({ formId, ctx, instance = 1 }: { formId: number; ctx: RenderContext; instance?: number }) {
  const def: FormDefinition | undefined = ctx.forms?.[formId];
  if (!def) return null;
  const tag = unitTag(formId, ctx.postId, instance);
  const lang = def.locale.replace('_', '-');
  const post: FormPostResult | null = ctx.formState?.post?.unitTag === tag ? ctx.formState.post : null;
  const inst: Instance = {
    tag,
    values: post?.values ?? {},
    errors: new Map((post?.answer.invalid_fields ?? []).map((e) => [e.field, e.message])),
  };
  const status = post ? displayStatus(post.answer.status) : 'init';
  return (
    <div className="wpcf7 no-js" id={tag} lang={lang} dir="ltr" data-wpcf7-id={formId} data-messages={JSON.stringify(clientMessages(def, ctx.t))}>
      <div className="screen-reader-response">
        <p role="status" aria-live="polite" aria-atomic="true">
          {post?.answer.message ?? ''}
        </p>
        <ul>
          {(post?.answer.invalid_fields ?? []).map((e) => (
            <li key={e.error_id} id={e.error_id}>
              {e.idref ? <a href={`#${e.idref}`}>{e.message}</a> : e.message}
            </li>
          ))}
        </ul>
      </div>
      <form
        action={`${ctx.postUrl}#${tag}`}
        method="post"
        className={`wpcf7-form ${status}`}
        aria-label={def.title}
        encType="multipart/form-data"
        noValidate
        data-status={status}
      >
        <fieldset className="hidden-fields-container">
          <input type="hidden" name="_wpcf7" value={formId} />
          <input type="hidden" name="_wpcf7_version" value={CF7_VERSION} />
          <input type="hidden" name="_wpcf7_locale" value={def.locale} />
          <input type="hidden" name="_wpcf7_unit_tag" value={tag} />
          <input type="hidden" name="_wpcf7_container_post" value={ctx.postId} />
          <input type="hidden" name="_wpcf7_posted_data_hash" value={post?.answer.posted_data_hash ?? ''} />
          <input type="hidden" name={STAMP_FIELD} value={post?.stamp ?? ctx.formState?.stamp ?? ''} />
        </fieldset>
        <p className="wpcf7-hp" aria-hidden="true">
          <label>
            {ctx.t('form.honeypot')}
            <input type="text" name={HONEYPOT_FIELD} defaultValue="" tabIndex={-1} autoComplete="off" />
          </label>
        </p>
        {def.fields.map((f, i) => (
          <Field key={`${f.type}-${'name' in f ? f.name : i}`} f={f} inst={inst} quiz={ctx.formState?.quizzes ?? {}} captchas={ctx.formState?.captchas ?? {}} formId={formId} />
        ))}
        <div className="wpcf7-response-output" aria-hidden="true">
          {post?.answer.message ?? ''}
        </div>
      </form>
    </div>
  );
}
