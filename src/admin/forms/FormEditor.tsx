import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { Link, useLeaveGuard } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { Button, CheckboxField, Loading, Notice, TextArea, TextField } from '../shell/ui.tsx';
import type { ScreenProps } from '../shell/routes.tsx';
import type { MessageKey as TextKey } from '../../i18n/index.ts';
import { ContactForm } from '../../features/contact-form/ContactForm.tsx';
import { DEFAULT_MESSAGES, formDefinitionSchema, type MessageKey } from '../../features/contact-form/definition.ts';
import { checkForm, definitionInput, fieldNames, insertAt, issueText, type FormDraft, type FormIssue, type SecondMailDraft } from '../../features/contact-form/editor.ts';
import type { RenderContext } from '../../features/post/render-context.ts';
import { TagInserter } from './TagInserter.tsx';

const MAIL_FIELDS = [
  { part: 'to', rows: 0, hint: null },
  { part: 'from', rows: 0, hint: 'admin.forms.mail.fromHint' },
  { part: 'subject', rows: 0, hint: null },
  { part: 'headers', rows: 3, hint: 'admin.forms.mail.headersHint' },
  { part: 'body', rows: 12, hint: null },
] as const;

/** The form as a visitor will see it, drawn by the site's own component (not sendable here). */
function Preview({ id, draft, fields, broken }: { id: number; draft: FormDraft; fields: ReturnType<typeof checkForm>['fields']; broken: boolean }) {
  const t = useT();
  const headingId = useId();
  const def = useMemo(() => (broken ? null : formDefinitionSchema.safeParse(definitionInput(id, draft.title || '—', fields, draft.mail, draft.messages, 'en_US', { mail2: draft.mail2, additionalSettings: draft.additionalSettings, template: draft.template }))), [broken, id, draft.template, draft.title, draft.mail, draft.mail2, draft.additionalSettings, draft.messages, fields]);
  const ctx: RenderContext | null = def?.success ? { t, locale: 'en', media: {}, players: [], postId: 0, postUrl: '#', postTitle: '', forms: { [id]: def.data }, formState: { stamp: '', quizzes: {}, captchas: {} } } : null;
  return (
    <section className="adm-panel adm-forms__preview" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.forms.preview')}</h2>
      {/* a preview: sending it would go nowhere */}
      <div onSubmit={(e) => e.preventDefault()}>{ctx ? <ContactForm formId={id} ctx={ctx} preview /> : <p className="adm-muted">{t('admin.forms.previewBroken')}</p>}</div>
    </section>
  );
}

/** The parts of one mail (Mail or Mail (2)), each with its own findings next to it. */
function MailParts<M extends FormDraft['mail'] | SecondMailDraft>({ which, mail, issues, serverFields, onChange }: { which: 'mail' | 'mail2'; mail: M; issues: FormIssue[]; serverFields: Record<string, string>; onChange: (mail: M) => void }) {
  const t = useT();
  return (
    <>
      {MAIL_FIELDS.map(({ part, rows, hint }) => {
        const found = issues.filter((i) => i.where === `${which}.${part}`);
        const words = [hint ? t(hint) : '', ...found.filter((i) => i.severity === 'warning').map((i) => `${t('admin.forms.warning')}: ${issueText(t, i)}`)].filter(Boolean).join(' ');
        const error = found.find((i) => i.severity === 'error');
        const props = {
          label: t(`admin.forms.mail.${part}` as TextKey),
          value: mail[part] ?? '',
          spellCheck: part === 'body' || part === 'subject',
          ...(part === 'headers' ? { dir: 'ltr' as const } : {}),
          hint: words || undefined,
          error: error ? issueText(t, error) : serverFields[`${which}.${part}`],
          onChange: (e: { target: { value: string } }) => onChange({ ...mail, [part]: e.target.value }),
        };
        return rows ? <TextArea key={part} rows={rows} {...props} /> : <TextField key={part} {...props} />;
      })}
    </>
  );
}

function Findings({ issues }: { issues: FormIssue[] }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="adm-panel adm-forms__findings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.forms.findings')}</h2>
      {issues.length ? (
        <ul>
          {issues.map((issue, i) => (
            <li key={i} className={`adm-forms__finding is-${issue.severity}`}>
              <strong>{t(issue.severity === 'error' ? 'admin.forms.error' : 'admin.forms.warning')}:</strong> {issueText(t, issue)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="adm-muted">{t('admin.forms.noFindings')}</p>
      )}
    </section>
  );
}

/**
 * One contact form: its title, its template in Contact Form 7's tags (with the tag inserter and a
 * live preview drawn by the site's own component), its mail with the placeholders it may use, and
 * its messages. The editor checks the form as it is typed (features/contact-form/editor.ts) and the
 * server refuses a save with errors using the same check; a saved form is on the site at once.
 */
export default function FormEditorScreen({ params }: ScreenProps) {
  // one editor per form: moving to another form starts from that form's draft
  return <FormEditor key={params.id} id={Number(params.id)} />;
}

function FormEditor({ id }: { id: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: ['forms.get', id], queryFn: () => api('forms.get', { id }) });
  const [draft, setDraft] = useState<FormDraft | null>(null);
  const templateRef = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const templateId = useId();

  useEffect(() => {
    if (loaded.data && !draft) setDraft(loaded.data.draft);
  }, [loaded.data, draft]);
  useEffect(() => {
    // after an inserted tag: the caret goes right after it
    const el = templateRef.current;
    if (el && caret.current !== null) {
      el.focus();
      el.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  const checked = useMemo(() => (draft ? checkForm(draft) : null), [draft]);
  // unsaved: the draft differs from what the server last answered (loaded or saved)
  const dirty = !!draft && !!loaded.data && JSON.stringify(draft) !== JSON.stringify(loaded.data.draft);
  useLeaveGuard(dirty, t('admin.leave.question'));
  const save = useMutation({
    mutationFn: (d: FormDraft) => api('forms.save', { id, title: d.title, template: d.template, mail: d.mail, mail2: d.mail2, messages: d.messages, additionalSettings: d.additionalSettings }),
    onSuccess: (r) => {
      setDraft(r.draft);
      queryClient.setQueryData(['forms.get', id], (old: typeof loaded.data) => (old ? { ...old, draft: r.draft } : old));
      void queryClient.invalidateQueries({ queryKey: ['forms.list'] });
      announce(t('admin.forms.saved'));
    },
  });

  if (loaded.isPending) return <Loading />;
  if (loaded.error) {
    return (
      <div className="adm-screen">
        <h1 tabIndex={-1}>{t('admin.nav.forms')}</h1>
        <Notice tone="error">{loaded.error.message}</Notice>
        <Link to="/admin/forms/">{t('admin.forms.back')}</Link>
      </div>
    );
  }
  if (!draft || !checked) return <Loading />;

  const issues = checked.issues;
  const errors = issues.filter((i) => i.severity === 'error');
  const names = fieldNames(checked.fields);
  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  const set = (changes: Partial<FormDraft>) => setDraft({ ...draft, ...changes });
  const at = (where: string) => issues.filter((i) => i.where === where);
  const templateIssues = at('template');

  return (
    <div className="adm-screen adm-forms-editor">
      <div className="adm-screen__head">
        <h1 tabIndex={-1}>{t('admin.forms.editTitle', { title: loaded.data.draft.title })}</h1>
        <Link to="/admin/forms/">{t('admin.forms.back')}</Link>
      </div>
      <TextField className="adm-title-field" label={t('admin.forms.title')} value={draft.title} required maxLength={200} onChange={(e) => set({ title: e.target.value })} error={serverFields.title} />

      <section className="adm-forms__grid" aria-labelledby="forms-form">
        <div className="adm-panel adm-fields">
          <h2 id="forms-form">{t('admin.forms.formSection')}</h2>
          <div className="adm-field">
            <label htmlFor={templateId}>{t('admin.forms.template')}</label>
            <textarea
              id={templateId}
              ref={templateRef}
              className="adm-forms__template"
              rows={16}
              spellCheck={false}
              value={draft.template}
              aria-invalid={templateIssues.some((i) => i.severity === 'error') ? true : undefined}
              aria-describedby={`${templateId}-hint${templateIssues.length ? ` ${templateId}-issues` : ''}`}
              onChange={(e) => set({ template: e.target.value })}
            />
            <p className="adm-field__hint" id={`${templateId}-hint`}>
              {t('admin.forms.templateHint')}
            </p>
            {templateIssues.length ? (
              <ul className="adm-forms__field-issues" id={`${templateId}-issues`}>
                {templateIssues.map((i, n) => (
                  <li key={n} className={`is-${i.severity}`}>
                    {issueText(t, i)}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <TagInserter
            template={draft.template}
            onInsert={(snippet, type) => {
              const el = templateRef.current;
              const start = el?.selectionStart ?? draft.template.length;
              const end = el?.selectionEnd ?? start;
              const next = insertAt(draft.template, start, end, snippet);
              caret.current = next.caret;
              set({ template: next.text });
              announce(t('admin.forms.inserted', { type: t(`admin.forms.tagTypeName.${type}` as TextKey) }));
            }}
          />
        </div>
        <Preview id={id} draft={draft} fields={checked.fields} broken={errors.length > 0} />
      </section>

      <section className="adm-panel adm-fields" aria-labelledby="forms-mail">
        <h2 id="forms-mail">{t('admin.forms.mailSection')}</h2>
        <p className="adm-muted">{t('admin.forms.mailLede')}</p>
        {names.length ? (
          <ul className="adm-chips adm-forms__placeholders">
            {names.map((n) => (
              <li key={n}>
                <code>[{n}]</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className="adm-muted">{t('admin.forms.noPlaceholders')}</p>
        )}
        <p className="adm-muted">{t('admin.forms.specialTags')}</p>
        <MailParts which="mail" mail={draft.mail} issues={issues} serverFields={serverFields} onChange={(mail) => set({ mail })} />
      </section>

      <section className="adm-panel adm-fields" aria-labelledby="forms-mail2">
        <h2 id="forms-mail2">{t('admin.forms.mail2Section')}</h2>
        <p className="adm-muted">{t('admin.forms.mail2Lede')}</p>
        <CheckboxField label={t('admin.forms.mail2Active')} checked={draft.mail2.active} onChange={(e) => set({ mail2: { ...draft.mail2, active: e.target.checked } })} />
        {/* while it is off its parts are hidden (and kept): the page has one "To", one "Subject" … */}
        {draft.mail2.active ? (
          <MailParts which="mail2" mail={draft.mail2} issues={issues} serverFields={serverFields} onChange={(mail2) => set({ mail2 })} />
        ) : (
          <p className="adm-muted">{t('admin.forms.mail2Off')}</p>
        )}
      </section>

      <details className="adm-panel adm-forms__messages">
        <summary className="adm-forms__summary">{t('admin.forms.messagesSection')}</summary>
        <p className="adm-muted">{t('admin.forms.messagesLede')}</p>
        <div className="adm-fields">
          {(Object.keys(DEFAULT_MESSAGES) as MessageKey[]).map((key) => (
            <TextField
              key={key}
              label={t(`admin.forms.message.${key}` as TextKey)}
              value={draft.messages[key] ?? ''}
              placeholder={DEFAULT_MESSAGES[key]}
              onChange={(e) => set({ messages: { ...draft.messages, [key]: e.target.value } })}
              error={serverFields[`messages.${key}`]}
            />
          ))}
        </div>
      </details>

      <section className="adm-panel adm-fields" aria-labelledby="forms-settings">
        <h2 id="forms-settings">{t('admin.forms.settingsSection')}</h2>
        <TextArea
          label={t('admin.forms.settingsLabel')}
          rows={4}
          spellCheck={false}
          value={draft.additionalSettings}
          placeholder="skip_mail: on"
          hint={[t('admin.forms.settingsLede'), t('admin.forms.settingsHint'), ...at('additionalSettings').map((i) => `${t('admin.forms.warning')}: ${issueText(t, i)}`)].join(' ')}
          error={serverFields.additionalSettings}
          onChange={(e) => set({ additionalSettings: e.target.value })}
        />
      </section>

      <Findings issues={issues} />
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
      <div className="adm-actions adm-forms__save">
        <Button
          variant="primary"
          disabled={save.isPending}
          onClick={() => {
            if (errors.length) {
              announce(t('admin.forms.notSaved'));
              templateRef.current?.focus();
            }
            save.mutate(draft);
          }}
        >
          {t('admin.forms.save')}
        </Button>
      </div>
    </div>
  );
}
