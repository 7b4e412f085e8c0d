import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ClientMessages } from './ContactForm.tsx';
import type { FormField, NamedField } from './definition.ts';
import { fieldName, normalizeUrl, stripWhitespace, validate, type FormDataLike, type FormValue, type Schema } from './rules.ts';
import {
  CAPTCHA_CHALLENGE_PREFIX,
  CAPTCHA_SIZES,
  HONEYPOT_FIELD,
  QUIZ_ANSWER_PREFIX,
  STAMP_FIELD,
  controlId,
  displayStatus,
  errorId,
  type FeedbackAnswer,
  type InvalidField,
  type PostedValues,
  type RefillAnswer,
} from './types.ts';
import type { TemplateNode, TemplateSlot } from './template.ts';
import { apiFetch, environmentReady, failureMessage, loadSchema, triggerEvent, type ApiError } from './wpcf7.ts';

/** The props of the contact-form island: plain JSON the server writes once. */
export interface ContactFormProps {
  formId: number;
  /** the unit tag `wpcf7-f{form}-p{post}-o{instance}` */
  tag: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  /** where a plain (no-script) post goes: the page itself, at the form */
  action: string;
  postId: number;
  /** the form's locale, `en_US` */
  locale: string;
  version: string;
  fields: FormField[];
  messages: ClientMessages;
  /** the honeypot's label (people never see it) */
  honeypot: string;
  /** signed render time */
  stamp: string;
  /** field → [question, hashed answer] */
  quizzes: Record<string, [string, string]>;
  /** field → this render's captcha challenge */
  captchas: Record<string, { prefix: string; url: string }>;
  /** the answer to a plain post of this instance, rendered into it */
  post: { status: string; message: string; invalid: InvalidField[]; hash: string; values: PostedValues } | null;
  /** the template as written, its tags as slots (./template.ts); without it the fields are drawn one by one */
  layout?: TemplateNode[] | null;
  /** the editor's preview: the markup only, no script */
  preview?: boolean;
}

/** Contact Form 7's `form.wpcf7` object, kept on the form element for code written against CF7. */
export interface FormInfo {
  id: number;
  status: string;
  pluginVersion: string;
  locale: string;
  unitTag: string;
  containerPost: number;
  schema: Schema | undefined;
}

/** One validation verdict shown: the tip in the field's wrap and the screen-reader list entry. */
interface Tip {
  field: string;
  message: string;
  idref: string | null;
}

const AUTOCOMPLETE: Record<string, string> = { email: 'email', tel: 'tel', url: 'url' };
const HAS_ID = new Set(['text', 'email', 'url', 'tel', 'textarea', 'number', 'date', 'time', 'select', 'file', 'quiz', 'captcha']);

function controlClass(f: NamedField, extra = ''): string {
  const parts = ['wpcf7-form-control', `wpcf7-${f.type === 'textarea' ? 'textarea' : f.type}`];
  if ('required' in f && f.required) parts.push('wpcf7-validates-as-required');
  if (f.type === 'email' || f.type === 'url' || f.type === 'tel' || f.type === 'number' || f.type === 'date' || f.type === 'time') parts.push(`wpcf7-validates-as-${f.type}`);
  if (extra) parts.push(extra);
  return parts.join(' ');
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);
/** The choices shown chosen: a post's, else the field's defaults (`default:1_3`). */
const chosenOf = (f: { name: string; options: string[]; defaults?: number[] | undefined }, view: View) =>
  view.posted ? list(view.values[f.name]) : (f.defaults ?? []).flatMap((n) => (f.options[n - 1] !== undefined ? [f.options[n - 1]!] : []));
const hasCounter = (f: FormField): f is Extract<FormField, { type: 'text' | 'textarea' }> => (f.type === 'textarea' || f.type === 'text') && f.counter;

/** The values the rules see: the form's entries, without the empty entry of a file field left empty. */
function schemaData(form: HTMLFormElement): FormDataLike {
  const data = new FormData(form);
  return {
    getAll: (name): FormValue[] => data.getAll(name).filter((v) => typeof v === 'string' || v.name !== '' || v.size > 0),
  };
}

/** What one render of the fields needs besides the field itself. */
interface View {
  tag: string;
  values: PostedValues;
  errors: Map<string, string>;
  /** whether the values are a post's (then a choice left out stays unchosen, not its default; a sent form's are empty) */
  posted: boolean;
  /** controls the component reads or clears (acceptance boxes, counted fields, quiz and captcha answers) */
  refs: Map<string, HTMLInputElement | HTMLTextAreaElement>;
}

const keep = (view: View, name: string) => (el: HTMLInputElement | HTMLTextAreaElement | null) => {
  if (el) view.refs.set(name, el);
  else view.refs.delete(name);
};

function Wrap({ name, view, children }: { name: string; view: View; children: ReactNode }) {
  const error = view.errors.get(name);
  return (
    <span className="wpcf7-form-control-wrap" data-name={name}>
      {children}
      {error !== undefined ? (
        <span className="wpcf7-not-valid-tip" aria-hidden="true">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function Control({ f, view }: { f: NamedField; view: View }) {
  const req = 'required' in f && f.required;
  const error = view.errors.has(f.name);
  const invalid = error ? ' wpcf7-not-valid' : '';
  const common = {
    'aria-invalid': error ? ('true' as const) : ('false' as const),
    ...(req ? { 'aria-required': 'true' as const } : {}),
    ...(error ? { 'aria-describedby': errorId(view.tag, f.name) } : {}),
  };
  const id = controlId(view.tag, f.name);
  const value = first(view.values[f.name]);
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
          {...(f.counter ? { ref: keep(view, f.name) } : {})}
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
          {...(f.counter ? { ref: keep(view, f.name) } : {})}
        />
      );
    case 'number':
      return <input id={id} type="number" name={f.name} className={controlClass(f) + invalid} min={f.min} max={f.max} step={f.step} placeholder={f.placeholder} defaultValue={value} {...common} />;
    case 'date':
      return <input id={id} type="date" name={f.name} className={controlClass(f) + invalid} min={f.min} max={f.max} step={f.step} defaultValue={value} {...common} />;
    case 'time':
      return <input id={id} type="time" name={f.name} className={controlClass(f) + invalid} defaultValue={value} {...common} />;
    case 'select': {
      const chosen = chosenOf(f, view);
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
      const chosen = chosenOf(f, view);
      return (
        <span className={controlClass(f) + invalid} {...(error ? { 'aria-describedby': errorId(view.tag, f.name) } : {})}>
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
        <span className={`wpcf7-form-control wpcf7-acceptance${f.optional ? ' optional' : ''}${f.invert ? ' invert' : ''}${invalid}`}>
          <span className="wpcf7-list-item">
            <label>
              <input type="checkbox" name={f.name} value="1" aria-invalid={error ? 'true' : 'false'} defaultChecked={value === '1'} ref={keep(view, f.name)} />
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

interface FieldProps {
  f: FormField;
  view: View;
  quizzes: Record<string, [string, string]>;
  captchas: Record<string, { prefix: string; url: string }>;
  counts: Record<string, number>;
  submit: { js: boolean; disabled: boolean; busy: boolean; ref: (el: HTMLInputElement | null) => void };
}

/** The answer box of a quiz or a captcha: a required text field CF7 writes the same way for both. */
function AnswerBox({ name, className, view }: { name: string; className: string; view: View }) {
  const error = view.errors.has(name);
  return (
    <input
      id={controlId(view.tag, name)}
      type="text"
      name={name}
      size={40}
      className={`wpcf7-form-control ${className}${error ? ' wpcf7-not-valid' : ''}`}
      autoComplete="off"
      aria-required="true"
      aria-invalid={error ? 'true' : 'false'}
      {...(error ? { 'aria-describedby': errorId(view.tag, name) } : {})}
      ref={keep(view, name)}
    />
  );
}

function Field({ f, view, quizzes, captchas, counts, submit }: FieldProps) {
  if (f.type === 'submit') {
    return (
      <p>
        <input
          className="wpcf7-form-control wpcf7-submit has-spinner btn"
          type="submit"
          value={f.label}
          {...(submit.disabled ? { disabled: true } : {})}
          {...(submit.busy ? { 'aria-disabled': 'true' as const } : {})}
          ref={submit.ref}
        />
        {submit.js ? <span className="wpcf7-spinner" aria-hidden="true" /> : null}
      </p>
    );
  }
  return <FieldBody f={f} view={view} quizzes={quizzes} captchas={captchas} counts={counts} submit={submit} />;
}

/** The character counter of a text field or text area (`[count name]`). */
function Counter({ f, counts }: { f: Extract<FormField, { type: 'text' | 'textarea' }>; counts: Record<string, number> }) {
  const typed = counts[f.name] ?? 0;
  const shown = f.maxlength ? f.maxlength - typed : typed;
  return (
    <span
      className={['wpcf7-character-count', f.maxlength ? 'down' : 'up', f.maxlength && typed > f.maxlength ? 'too-long' : '', f.minlength && typed < f.minlength ? 'too-short' : '']
        .filter(Boolean)
        .join(' ')}
      data-target-name={f.name}
      data-starting-value={f.maxlength ?? 0}
      data-current-value={shown}
      data-maximum-value={f.maxlength ?? ''}
      data-minimum-value={f.minlength ?? ''}
    >
      {shown}
    </span>
  );
}

/**
 * One form tag of a template drawn as written (./template.ts): the control alone, in CF7's markup
 * for that tag (the wrap, the list items, the captcha picture, the counter, the button), where the
 * tag stands; the words and markup around it are the template's.
 */
function Slot({ s, view, quizzes, captchas, counts, submit, fields }: Omit<FieldProps, 'f'> & { s: TemplateSlot; fields: FormField[] }) {
  if (s.slot === 'submit') {
    return (
      <>
        <input
          className="wpcf7-form-control wpcf7-submit has-spinner btn"
          type="submit"
          value={s.label ?? 'Submit'}
          {...(submit.disabled ? { disabled: true } : {})}
          {...(submit.busy ? { 'aria-disabled': 'true' as const } : {})}
          ref={submit.ref}
        />
        {submit.js ? <span className="wpcf7-spinner" aria-hidden="true" /> : null}
      </>
    );
  }
  const f = fields.find((x) => x.type !== 'submit' && x.type !== 'note' && x.name === s.name);
  if (!f || f.type === 'submit' || f.type === 'note') return null;
  if (s.slot === 'count') return hasCounter(f) ? <Counter f={f} counts={counts} /> : null;
  if (f.type === 'hidden') return <Control f={f} view={view} />;
  if (f.type === 'quiz') {
    const [question, hashed] = quizzes[f.name] ?? [f.questions[0]!.question, ''];
    return (
      <Wrap name={f.name} view={view}>
        <span className="wpcf7-quiz-label">{question}</span> <AnswerBox name={f.name} className="wpcf7-quiz" view={view} />
        <input type="hidden" name={`${QUIZ_ANSWER_PREFIX}${f.name}`} value={hashed} />
      </Wrap>
    );
  }
  if (f.type === 'captcha') {
    if (s.slot === 'captchac') {
      const challenge = captchas[f.name];
      const [width, height] = CAPTCHA_SIZES[f.size];
      return challenge ? (
        <>
          <input type="hidden" name={`${CAPTCHA_CHALLENGE_PREFIX}${f.name}`} value={challenge.prefix} />
          <img className={`wpcf7-form-control wpcf7-captchac wpcf7-captcha-${f.name.replace(/:/g, '')}`} width={width} height={height} alt="captcha" src={challenge.url} />
        </>
      ) : null;
    }
    return (
      <Wrap name={f.name} view={view}>
        <AnswerBox name={f.name} className="wpcf7-captchar" view={view} />
      </Wrap>
    );
  }
  return (
    <Wrap name={f.name} view={view}>
      <Control f={f} view={view} />
    </Wrap>
  );
}

const isSlot = (n: TemplateNode): n is TemplateSlot => typeof n === 'object' && 'slot' in n;

/** A template's markup (already sanitised: ./template.ts) with the controls in their slots. */
function Markup({ nodes, ...rest }: Omit<FieldProps, 'f'> & { nodes: TemplateNode[]; fields: FormField[] }): ReactNode {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return n;
    if (isSlot(n)) return <Slot key={i} s={n} {...rest} />;
    const El = n.el as 'a';
    const attrs = { ...(n.cls ? { className: n.cls } : {}), ...(n.href ? { href: n.href } : {}) };
    return n.el === 'br' ? <br key={i} {...attrs} /> : (
      <El key={i} {...attrs}>
        <Markup nodes={n.kids} {...rest} />
      </El>
    );
  });
}

function FieldBody({ f, view, quizzes, captchas, counts }: FieldProps) {
  if (f.type === 'submit') return null;
  if (f.type === 'hidden') return <Control f={f} view={view} />;
  if (f.type === 'note') return <p className="wpcf7-note">{f.text}</p>;
  if (f.type === 'acceptance') {
    return (
      <p>
        <Wrap name={f.name} view={view}>
          <Control f={f} view={view} />
        </Wrap>
      </p>
    );
  }
  if (f.type === 'quiz') {
    const [question, hashed] = quizzes[f.name] ?? [f.questions[0]!.question, ''];
    return (
      <p>
        <label>
          {f.label ? (
            <>
              {f.label}
              <br />
            </>
          ) : null}
          <Wrap name={f.name} view={view}>
            <span className="wpcf7-quiz-label">{question}</span>{' '}
            <AnswerBox name={f.name} className="wpcf7-quiz" view={view} />
            <input type="hidden" name={`${QUIZ_ANSWER_PREFIX}${f.name}`} value={hashed} />
          </Wrap>
        </label>
      </p>
    );
  }
  if (f.type === 'captcha') {
    // CF7's [captchac] (hidden challenge + picture) and [captchar] (the answer box), in its markup
    const challenge = captchas[f.name];
    const [width, height] = CAPTCHA_SIZES[f.size];
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
          <Wrap name={f.name} view={view}>
            <AnswerBox name={f.name} className="wpcf7-captchar" view={view} />
          </Wrap>
        </label>
      </p>
    );
  }
  const label = (
    <>
      {f.label}
      {f.required ? <span className="required-mark" aria-hidden="true"> *</span> : null}
    </>
  );
  if (f.type === 'checkbox' || f.type === 'radio') {
    return (
      <fieldset className="wpcf7-fieldset">
        <legend>{label}</legend>
        <Wrap name={f.name} view={view}>
          <Control f={f} view={view} />
        </Wrap>
      </fieldset>
    );
  }
  const counter = hasCounter(f) ? <Counter f={f} counts={counts} /> : null;
  return (
    <p>
      <label>
        {label}
        <br />
        <Wrap name={f.name} view={view}>
          <Control f={f} view={view} />
        </Wrap>
      </label>
      {counter}
    </p>
  );
}

/** Submit is allowed when every non-optional acceptance box is right (checked; unchecked when inverted). */
function acceptanceOk(fields: FormField[], checked: Record<string, boolean>): boolean {
  return fields.every((f) => f.type !== 'acceptance' || f.optional || (f.invert ? !checked[f.name] : checked[f.name]));
}

/**
 * A contact form as Contact Form 7 6.x renders it, and its script (island `contact-form`): the
 * wrapper with the unit tag, hidden fields, screen-reader response, field wraps and the response
 * output. Without script (or before hydration) it posts as multipart to the page itself and the
 * server renders the answer into it (`post`); hydrated, it keeps CF7's client semantics (SPEC
 * 4/5/7/8, NOTES "Contact forms"):
 *
 * - the status in `data-status` and as the form's class, CF7's `wpcf7*` events on the form
 *   (`statuschanged` only on real changes), and CF7's `form.wpcf7` object;
 * - submit through the REST API (./wpcf7.ts), events beforesubmit → submitting → (status) →
 *   invalid/unaccepted/spam/aborted or mailsent/mailfailed → submit; after mail_sent the form
 *   resets: resetting → refill → back to sent → reset; otherwise init. The button says it is
 *   busy while a send is under way, and a second send is refused;
 * - the schema is fetched once per form; a field is validated on change and the whole form
 *   before submit, with the shared rule engine (./rules.ts) and the server's messages;
 * - url auto-prefix, tel 00 → +, character counters, submit disabled until the required
 *   acceptance boxes are right, captcha and quiz refills;
 * - a failed call is logged, the status goes back to what it was, the message is shown and the
 *   typed values stay.
 */
export function ContactFormView(props: ContactFormProps) {
  const { formId, tag, fields, messages, post, preview } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitButtons = useRef(new Set<HTMLInputElement>());
  const refs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const initialStatus = post ? displayStatus(post.status) : 'init';
  const info = useRef<FormInfo>({ id: formId, status: initialStatus, pluginVersion: props.version, locale: props.locale, unitTag: tag, containerPost: props.postId, schema: undefined });
  const resetOnMailSent = useRef(false);

  const [mode, setMode] = useState<'no-js' | 'js' | 'wrong-place'>('no-js');
  const [status, setStatusState] = useState(initialStatus);
  const [message, setMessage] = useState(post?.message ?? '');
  const [tips, setTips] = useState<Tip[]>(() => (post?.invalid ?? []).map((e) => ({ field: e.field, message: e.message, idref: e.idref })));
  const [hash, setHash] = useState(post?.hash ?? '');
  const [quizzes, setQuizzes] = useState(props.quizzes);
  const [captchas, setCaptchas] = useState(props.captchas);
  const values = post?.values ?? {};
  const [accepted, setAccepted] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(fields.flatMap((f) => (f.type === 'acceptance' ? [[f.name, first(values[f.name]) === '1']] : []))),
  );
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    Object.fromEntries(fields.flatMap((f) => (hasCounter(f) ? [[f.name, (first(values[f.name]) || f.value || '').length]] : []))),
  );

  const names = fields.flatMap((f) => (f.type === 'submit' || f.type === 'hidden' || f.type === 'note' ? [] : [f.name]));
  const byName = new Map(fields.flatMap((f) => (f.type === 'submit' || f.type === 'note' ? [] : [[f.name, f] as const])));
  const tipFor = (field: string, text: string): Tip => ({ field, message: text, idref: HAS_ID.has(byName.get(field)?.type ?? '') ? controlId(tag, field) : null });

  const baseDetail = () => {
    const w = info.current;
    return { contactFormId: w.id, pluginVersion: w.pluginVersion, contactFormLocale: w.locale, unitTag: w.unitTag, containerPostId: w.containerPost, status: w.status };
  };
  const submissionDetail = (formData: FormData) => ({
    ...baseDetail(),
    inputs: Array.from(formData)
      .filter(([name]) => !name.startsWith('_'))
      .map(([name, value]) => ({ name, value })),
    formData,
    apiResponse: undefined as unknown,
  });

  /** Sets the status (display name); fires `wpcf7statuschanged` when it really changes. */
  const setStatus = (next: string): string => {
    const shown = displayStatus(next);
    const prev = info.current.status;
    info.current.status = shown;
    setStatusState(shown);
    if (prev !== shown && formRef.current) triggerEvent(formRef.current, 'statuschanged', { ...baseDetail(), prevStatus: prev });
    return shown;
  };

  /** A focused submit button about to be disabled leaves the keyboard user's place in the form. */
  const keepFocus = () => {
    const form = formRef.current;
    for (const button of submitButtons.current) {
      if (form && button.matches(':focus')) {
        form.tabIndex = -1;
        form.focus({ preventScroll: true });
      }
    }
  };

  /** Reads the acceptance boxes and counted fields the visitor (or a reset) changed. */
  const sync = () => {
    const next: Record<string, boolean> = {};
    const lengths: Record<string, number> = {};
    for (const f of fields) {
      const el = refs.current.get('name' in f ? f.name : '');
      if (f.type === 'acceptance' && el) next[f.name] = (el as HTMLInputElement).checked;
      if (hasCounter(f) && el) lengths[f.name] = stripWhitespace(el.value).length;
    }
    if (!acceptanceOk(fields, next)) keepFocus();
    setAccepted(next);
    setCounts(lengths);
  };

  /**
   * Validates one field (on change) or the whole form (before submit) against the schema and
   * shows the verdicts; returns them. Without a schema (not loaded, or failed) everything passes
   * and the server decides. A change passes through the `validating` status; the check before
   * submit is `quiet`, so a send keeps CF7's event sequence.
   */
  const check = (target?: string, quiet = false): Tip[] => {
    const schema = info.current.schema;
    const form = formRef.current;
    if (!schema || !form) return [];
    const prev = info.current.status;
    if (!quiet) setStatus('validating');
    let result: Map<string, { error: string }>;
    try {
      result = validate(schema, schemaData(form), target === undefined ? {} : { target });
    } finally {
      if (!quiet) setStatus(prev);
    }
    const found = [...result].map(([field, v]) => tipFor(field, v.error));
    if (target === undefined) {
      const order = (t: Tip) => (names.indexOf(t.field) + names.length + 1) % (names.length + 1);
      const all = found.sort((a, b) => order(a) - order(b));
      setTips(all);
      return all;
    }
    setTips((shown) => [...shown.filter((t) => t.field !== target && !result.has(t.field)), ...found]);
    return found;
  };

  const clearResponse = () => {
    setMessage('');
    setTips([]);
  };

  /** Captcha and quiz refills: a new picture and challenge, a new question; their answers emptied. */
  const refill = (answer: { captcha?: Record<string, string>; quiz?: Record<string, [string, string]> } | null | undefined) => {
    if (!answer || typeof answer !== 'object') return;
    if (answer.captcha) {
      const captcha = answer.captcha;
      for (const name of Object.keys(captcha)) {
        const input = refs.current.get(name);
        if (input) input.value = '';
      }
      setCaptchas((shown) => {
        const next = { ...shown };
        for (const [name, url] of Object.entries(captcha)) next[name] = { url, prefix: /(\d+)\.(?:png|gif|jpeg)$/.exec(url)?.[1] ?? shown[name]?.prefix ?? '' };
        return next;
      });
    }
    if (answer.quiz) {
      const quiz = answer.quiz;
      for (const name of Object.keys(quiz)) {
        const input = refs.current.get(name);
        if (input) input.value = '';
      }
      setQuizzes((shown) => ({ ...shown, ...quiz }));
    }
  };

  const submit = async (form: HTMLFormElement, submitter: HTMLElement | null) => {
    if (info.current.status === 'submitting') return;
    const prevStatus = info.current.status;

    // the whole form first (the reference only checked on change)
    if (info.current.schema) {
      clearResponse();
      const invalid = check(undefined, true);
      if (invalid.length) {
        setStatus('validation_failed');
        setMessage(messages.validation_error);
        triggerEvent(form, 'invalid', {
          ...baseDetail(),
          apiResponse: {
            contact_form_id: formId,
            status: 'validation_failed',
            message: messages.validation_error,
            invalid_fields: invalid.map((t) => ({ error_id: errorId(tag, t.field), message: t.message })),
            posted_data_hash: '',
            into: `#${tag}`,
          },
        });
        return;
      }
    }

    const formData = new FormData(form);
    if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name) formData.append(submitter.name, submitter.value);
    const detail = submissionDetail(formData);
    clearResponse();
    triggerEvent(form, 'beforesubmit', detail);
    setStatus('submitting');

    let response: FeedbackAnswer | null;
    try {
      response = await apiFetch<FeedbackAnswer>(`contact-forms/${formId}/feedback`, { method: 'POST', body: formData });
      if (!response || typeof response !== 'object' || typeof response.status !== 'string') throw { code: 'empty_response', message: 'The response is empty.' } satisfies ApiError;
    } catch (error) {
      console.error(error);
      setStatus(prevStatus);
      setMessage(await failureMessage(messages, error));
      return;
    }

    const shown = setStatus(response.status);
    detail.status = response.status;
    detail.apiResponse = response;
    if (['invalid', 'unaccepted', 'spam', 'aborted'].includes(shown)) triggerEvent(form, shown, detail);
    else if (shown === 'sent' || shown === 'failed') triggerEvent(form, `mail${shown}`, detail);
    triggerEvent(form, 'submit', detail);
    refill(response);

    if (response.posted_data_hash) setHash(response.posted_data_hash);
    if (response.status === 'mail_sent') {
      resetOnMailSent.current = true;
      form.reset();
    }
    setTips((response.invalid_fields ?? []).filter((e) => e && typeof e.field === 'string').map((e) => ({ field: e.field, message: String(e.message ?? ''), idref: e.idref ?? null })));
    setMessage(String(response.message ?? ''));
  };

  const reset = async (form: HTMLFormElement) => {
    // the fields are emptied right after the reset event: read them then
    setTimeout(sync, 0);
    if (info.current.status === 'resetting') return;
    const before = info.current.status;
    const detail = submissionDetail(new FormData(form));
    clearResponse();
    setStatus('resetting');
    let response: RefillAnswer | null;
    try {
      response = await apiFetch<RefillAnswer>(`contact-forms/${formId}/refill`, { method: 'GET' });
    } catch (error) {
      console.error(error);
      resetOnMailSent.current = false;
      setStatus(before);
      return;
    }
    detail.apiResponse = response;
    triggerEvent(form, 'refill', detail);
    if (resetOnMailSent.current) {
      resetOnMailSent.current = false;
      setStatus('mail_sent');
    } else setStatus('init');
    detail.status = info.current.status;
    triggerEvent(form, 'reset', detail);
    refill(Array.isArray(response) ? null : response);
  };

  /** A change: url and tel clean-ups, acceptance boxes, then the field's verdict. */
  const change = (event: Event) => {
    const el = event.target as HTMLInputElement;
    if (!el.name) return;
    const name = fieldName(el.name);
    const f = byName.get(name);
    if (!f) return;
    if (f.type === 'url') el.value = normalizeUrl(el.value);
    if (f.type === 'tel') {
      const v = el.value.trim();
      el.value = v.startsWith('00') ? `+${v.slice(2)}` : v;
    }
    if (f.type === 'acceptance') sync();
    check(name);
  };

  // the latest handlers, for the listeners added once
  const handlers = useRef({ change, submit, reset });
  handlers.current = { change, submit, reset };

  useEffect(() => {
    const root = rootRef.current;
    const form = formRef.current;
    if (preview || !root || !environmentReady()) return;
    // a form inside another form (the parser drops the inner one, or a script nested it) cannot work
    if (!form || root.parentElement?.closest('form')) {
      setMode('wrong-place');
      return;
    }
    Object.assign(form, { wpcf7: info.current });
    setMode('js');
    sync();
    let live = true;
    void loadSchema(formId).then((s) => {
      if (live && s && Array.isArray(s.rules)) info.current.schema = s;
    });
    // a field's verdict comes on `change` (when it is left), which React does not expose
    const onChange = (e: Event) => handlers.current.change(e);
    form.addEventListener('change', onChange);
    return () => {
      live = false;
      form.removeEventListener('change', onChange);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (mode !== 'js') return; // a plain post
    e.preventDefault();
    void handlers.current.submit(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
  };
  const onReset = (e: FormEvent<HTMLFormElement>) => {
    if (mode === 'js') void handlers.current.reset(e.currentTarget);
  };
  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const el = e.target as HTMLInputElement;
    const f = byName.get(el.name);
    if (mode === 'js' && f && hasCounter(f)) setCounts((c) => ({ ...c, [f.name]: stripWhitespace(el.value).length }));
  };

  const wrapper = { className: `wpcf7 ${mode === 'wrong-place' ? 'no-js' : mode}`, id: tag, lang: props.lang, dir: props.dir, 'data-wpcf7-id': formId, 'data-messages': JSON.stringify(messages) };
  if (mode === 'wrong-place') {
    return (
      <div ref={rootRef} {...wrapper}>
        <p className="wpcf7-wrong-place">{messages.wrong_place}</p>
      </div>
    );
  }

  const view: View = { tag, values, posted: Object.keys(values).length > 0, errors: new Map(tips.map((t) => [t.field, t.message])), refs: refs.current };
  const submitState = {
    js: mode === 'js',
    disabled: mode === 'js' && !acceptanceOk(fields, accepted),
    busy: status === 'submitting',
    ref: (el: HTMLInputElement | null) => {
      if (el) submitButtons.current.add(el);
    },
  };
  // the screen-reader list: one entry per field, in the order they were found
  const listed = [...new Map(tips.map((t) => [t.field, t])).values()];
  return (
    <div ref={rootRef} {...wrapper}>
      <div className="screen-reader-response">
        <p role="status" aria-live="polite" aria-atomic="true">
          {message}
        </p>
        <ul>
          {listed.map((t) => (
            <li key={t.field} id={errorId(tag, t.field)}>
              {t.idref ? <a href={`#${t.idref}`}>{t.message}</a> : t.message}
            </li>
          ))}
        </ul>
      </div>
      <form
        ref={formRef}
        action={props.action}
        method="post"
        className={`wpcf7-form ${status}`}
        aria-label={props.title}
        encType="multipart/form-data"
        noValidate
        data-status={status}
        onSubmit={onSubmit}
        onReset={onReset}
        onInput={onInput}
      >
        <fieldset className="hidden-fields-container">
          <input type="hidden" name="_wpcf7" value={formId} />
          <input type="hidden" name="_wpcf7_version" value={props.version} />
          <input type="hidden" name="_wpcf7_locale" value={props.locale} />
          <input type="hidden" name="_wpcf7_unit_tag" value={tag} />
          <input type="hidden" name="_wpcf7_container_post" value={props.postId} />
          <input type="hidden" name="_wpcf7_posted_data_hash" value={hash} />
          <input type="hidden" name={STAMP_FIELD} value={props.stamp} />
        </fieldset>
        <p className="wpcf7-hp" aria-hidden="true">
          <label>
            {props.honeypot}
            <input type="text" name={HONEYPOT_FIELD} defaultValue="" tabIndex={-1} autoComplete="off" />
          </label>
        </p>
        {props.layout ? (
          <Markup nodes={props.layout} fields={fields} view={view} quizzes={quizzes} captchas={captchas} counts={counts} submit={submitState} />
        ) : (
          fields.map((f, i) => <Field key={`${f.type}-${'name' in f ? f.name : i}`} f={f} view={view} quizzes={quizzes} captchas={captchas} counts={counts} submit={submitState} />)
        )}
        <div className="wpcf7-response-output" aria-hidden="true">
          {message}
        </div>
      </form>
    </div>
  );
}
