import type { ReactNode } from 'react';
import type { RenderContext } from '../post/render-context.ts';
import type { FormDefinition, FormField, NamedField } from './definition.ts';

/** Version of Contact Form 7 whose markup and REST shapes we follow. */
export const CF7_VERSION = '6.0.6';

export const unitTag = (formId: number, postId: number, instance: number) => `wpcf7-f${formId}-p${postId}-o${instance}`;

const AUTOCOMPLETE: Record<string, string> = { email: 'email', tel: 'tel', url: 'url' };

function controlClass(f: NamedField, extra = ''): string {
  const parts = ['wpcf7-form-control', `wpcf7-${f.type === 'textarea' ? 'textarea' : f.type}`];
  if ('required' in f && f.required) parts.push(f.type === 'file' ? 'wpcf7-validates-as-required' : 'wpcf7-validates-as-required');
  if (f.type === 'email' || f.type === 'url' || f.type === 'tel' || f.type === 'number' || f.type === 'date' || f.type === 'time') parts.push(`wpcf7-validates-as-${f.type}`);
  if (extra) parts.push(extra);
  return parts.join(' ');
}

function Wrap({ name, children }: { name: string; children: ReactNode }) {
  return (
    <span className="wpcf7-form-control-wrap" data-name={name}>
      {children}
    </span>
  );
}

function Control({ f }: { f: NamedField }) {
  const req = 'required' in f && f.required;
  const common = { 'aria-invalid': 'false' as const, ...(req ? { 'aria-required': 'true' as const } : {}) };
  switch (f.type) {
    case 'text':
    case 'email':
    case 'url':
    case 'tel':
      return (
        <input
          type={f.type}
          name={f.name}
          size={40}
          maxLength={f.maxlength ?? 400}
          {...(f.minlength ? { minLength: f.minlength } : {})}
          className={controlClass(f)}
          autoComplete={f.name.includes('name') ? 'name' : AUTOCOMPLETE[f.type]}
          placeholder={f.placeholder}
          defaultValue={f.value ?? ''}
          {...common}
        />
      );
    case 'textarea':
      return (
        <textarea
          name={f.name}
          cols={40}
          rows={f.rows}
          maxLength={f.maxlength ?? 2000}
          {...(f.minlength ? { minLength: f.minlength } : {})}
          className={controlClass(f)}
          placeholder={f.placeholder}
          defaultValue={f.value ?? ''}
          {...common}
        />
      );
    case 'number':
      return <input type="number" name={f.name} className={controlClass(f)} min={f.min} max={f.max} step={f.step} placeholder={f.placeholder} {...common} />;
    case 'date':
      return <input type="date" name={f.name} className={controlClass(f)} min={f.min} max={f.max} {...common} />;
    case 'time':
      return <input type="time" name={f.name} className={controlClass(f)} {...common} />;
    case 'select':
      return (
        <select name={f.multiple ? `${f.name}[]` : f.name} multiple={f.multiple} className={controlClass(f)} {...common}>
          {f.includeBlank ? <option value="">—Please choose an option—</option> : null}
          {f.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case 'checkbox':
    case 'radio':
      return (
        <span className={controlClass(f)} role={f.type === 'radio' ? 'radiogroup' : 'group'} aria-label={f.label || f.name}>
          {f.options.map((o, i) => (
            <span key={o} className={`wpcf7-list-item${i === 0 ? ' first' : ''}${i === f.options.length - 1 ? ' last' : ''}`}>
              <label>
                <input type={f.type} name={f.type === 'checkbox' ? `${f.name}[]` : f.name} value={o} />
                <span className="wpcf7-list-item-label">{o}</span>
              </label>
            </span>
          ))}
        </span>
      );
    case 'acceptance':
      return (
        <span className={`wpcf7-form-control wpcf7-acceptance${f.optional ? ' optional' : ''}${f.invert ? ' invert' : ''}`}>
          <span className="wpcf7-list-item">
            <label>
              <input type="checkbox" name={f.name} value="1" aria-invalid="false" />
              <span className="wpcf7-list-item-label">{f.label}</span>
            </label>
          </span>
        </span>
      );
    case 'file':
      return <input type="file" name={f.name} size={40} className={controlClass(f)} accept={f.accept.join(',') || undefined} {...common} />;
    case 'quiz':
      return null;
    case 'hidden':
      return <input type="hidden" name={f.name} defaultValue={f.value} />;
  }
}

function Field({ f }: { f: FormField }) {
  if (f.type === 'submit') {
    return (
      <p>
        <input className="wpcf7-form-control wpcf7-submit has-spinner btn" type="submit" value={f.label} />
      </p>
    );
  }
  if (f.type === 'hidden') return <Control f={f} />;
  if (f.type === 'acceptance') {
    return (
      <p>
        <Wrap name={f.name}>
          <Control f={f} />
        </Wrap>
      </p>
    );
  }
  if (f.type === 'quiz') {
    const q = f.questions[0]!;
    return (
      <p>
        <label>
          {f.label || q.question}
          <br />
          <Wrap name={f.name}>
            <span className="wpcf7-quiz-label">{q.question}</span>{' '}
            <input type="text" name={f.name} size={40} className="wpcf7-form-control wpcf7-quiz" autoComplete="off" aria-required="true" aria-invalid="false" />
            <input type="hidden" name={`_wpcf7_quiz_answer_${f.name}`} value="" />
          </Wrap>
        </label>
      </p>
    );
  }
  const grouped = f.type === 'checkbox' || f.type === 'radio';
  const label = (
    <>
      {f.label}
      {f.required ? <span className="required-mark"> *</span> : null}
    </>
  );
  const counter =
    (f.type === 'textarea' || f.type === 'text') && f.counter ? (
      <span
        className={`wpcf7-character-count${f.maxlength ? ' down' : ' up'}`}
        data-target-name={f.name}
        data-starting-value={f.maxlength ?? 0}
        data-current-value={f.maxlength ?? 0}
        data-maximum-value={f.maxlength ?? ''}
        data-minimum-value={f.minlength ?? ''}
      >
        {f.maxlength ?? 0}
      </span>
    ) : null;
  if (grouped) {
    return (
      <fieldset className="wpcf7-fieldset">
        <legend>{label}</legend>
        <Wrap name={f.name}>
          <Control f={f} />
        </Wrap>
      </fieldset>
    );
  }
  return (
    <p>
      <label>
        {label}
        <br />
        <Wrap name={f.name}>
          <Control f={f} />
        </Wrap>
      </label>
      {counter}
    </p>
  );
}

/**
 * A contact form as Contact Form 7 6.x renders it: wrapper with the unit tag, hidden fields,
 * screen-reader response, field wraps and the response output. It posts as multipart to the
 * page itself without script; the form script submits it through the REST API.
 */
export function ContactForm({ formId, ctx, instance = 1 }: { formId: number; ctx: RenderContext; instance?: number }) {
  const def: FormDefinition | undefined = ctx.forms?.[formId];
  if (!def) return null;
  const tag = unitTag(formId, ctx.postId, instance);
  const lang = def.locale.replace('_', '-');
  return (
    <div className="wpcf7 no-js" id={tag} lang={lang} dir="ltr" data-wpcf7-id={formId}>
      <div className="screen-reader-response">
        <p role="status" aria-live="polite" aria-atomic="true"></p>
        <ul></ul>
      </div>
      <form action={`${ctx.postUrl}#${tag}`} method="post" className="wpcf7-form init" aria-label={def.title} encType="multipart/form-data" noValidate data-status="init">
        <fieldset className="hidden-fields-container">
          <input type="hidden" name="_wpcf7" value={formId} />
          <input type="hidden" name="_wpcf7_version" value={CF7_VERSION} />
          <input type="hidden" name="_wpcf7_locale" value={def.locale} />
          <input type="hidden" name="_wpcf7_unit_tag" value={tag} />
          <input type="hidden" name="_wpcf7_container_post" value={ctx.postId} />
          <input type="hidden" name="_wpcf7_posted_data_hash" value="" />
        </fieldset>
        {def.fields.map((f, i) => (
          <Field key={`${f.type}-${'name' in f ? f.name : i}`} f={f} />
        ))}
        <div className="wpcf7-response-output" aria-hidden="true"></div>
      </form>
    </div>
  );
}
