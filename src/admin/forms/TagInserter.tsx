import { useId, useState } from 'react';
import { useT } from '../shell/i18n.tsx';
import { Button, CheckboxField, SelectField, TextArea, TextField } from '../shell/ui.tsx';
import { EMPTY_TAG_OPTIONS, freeName, INSERTABLE_TAGS, TAG_INPUTS, tagOptionProblems, tagSnippet, type InsertableTag, type TagOption, type TagOptions, type TagSpec } from '../../features/contact-form/editor.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** How each option is typed in: a tick, a number, a date, a choice or a line of text. */
const OPTION_INPUT: Record<TagOption, 'check' | 'number' | 'date-or-number' | 'text' | 'size'> = {
  value: 'text',
  asPlaceholder: 'check',
  placeholder: 'text',
  minlength: 'number',
  maxlength: 'number',
  rows: 'number',
  counter: 'check',
  min: 'date-or-number',
  max: 'date-or-number',
  step: 'number',
  defaults: 'text',
  multiple: 'check',
  includeBlank: 'check',
  minitems: 'number',
  maxitems: 'number',
  filetypes: 'text',
  limitKb: 'number',
  optional: 'check',
  invert: 'check',
  size: 'size',
};

/**
 * The tag inserter: pick a Contact Form 7 tag, read what it does, fill in its label, name and its
 * options (each a field with its own help), see the tag it writes, and insert it where the caret is
 * in the form template (features/contact-form/editor.ts writes the tag and checks the options).
 */
export function TagInserter({ template, onInsert }: { template: string; onInsert: (snippet: string, type: InsertableTag) => void }) {
  const t = useT();
  const headingId = useId();
  const [spec, setSpec] = useState<TagSpec>(() => ({ type: 'text', name: freeName('text', template), label: '', required: false, choices: '', options: { ...EMPTY_TAG_OPTIONS } }));
  const [refused, setRefused] = useState(false);
  const inputs = TAG_INPUTS[spec.type];
  const snippet = tagSnippet(spec);
  const problems = tagOptionProblems(spec);
  const typeName = (type: InsertableTag) => t(`admin.forms.tagTypeName.${type}` as MessageKey);
  const set = (changes: Partial<TagSpec>) => {
    setRefused(false);
    setSpec((s) => ({ ...s, ...changes }));
  };
  const setOption = <K extends TagOption>(key: K, value: TagOptions[K]) => {
    setRefused(false);
    setSpec((s) => ({ ...s, options: { ...s.options, [key]: value } }));
  };
  // a date's lowest and highest are its earliest and latest
  const optionKey = (key: TagOption) => (spec.type === 'date' && (key === 'min' || key === 'max' || key === 'step') ? `${key}.date` : key);
  const optionLabel = (key: TagOption) => t(`admin.forms.opt.${optionKey(key)}` as MessageKey);
  const optionHelp = (key: TagOption) => t(`admin.forms.opt.${optionKey(key)}.help` as MessageKey);

  const optionField = (key: TagOption) => {
    const kind = OPTION_INPUT[key];
    const error = problems[key] ? t(problems[key]) : undefined;
    if (kind === 'check') {
      return <CheckboxField key={key} label={optionLabel(key)} hint={optionHelp(key)} checked={spec.options[key] === true} onChange={(e) => setOption(key, e.target.checked as never)} />;
    }
    if (kind === 'size') {
      return (
        <SelectField
          key={key}
          label={optionLabel(key)}
          hint={optionHelp(key)}
          value={spec.options.size}
          onChange={(e) => setOption('size', e.target.value as TagOptions['size'])}
          options={(['s', 'm', 'l'] as const).map((v) => ({ value: v, label: t(`admin.forms.opt.size.${v}` as MessageKey) }))}
        />
      );
    }
    const date = kind === 'date-or-number' && spec.type === 'date';
    const numeric = kind === 'number' || kind === 'date-or-number';
    return (
      <TextField
        key={key}
        label={optionLabel(key)}
        hint={optionHelp(key)}
        error={error}
        value={String(spec.options[key])}
        spellCheck={false}
        {...(date ? { type: 'date' } : numeric ? { inputMode: key === 'step' || key === 'min' || key === 'max' ? ('decimal' as const) : ('numeric' as const) } : {})}
        onChange={(e) => setOption(key, e.target.value as never)}
      />
    );
  };

  return (
    <section className="adm-forms__inserter" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.forms.inserter')}</h3>
      <SelectField
        label={t('admin.forms.tagType')}
        value={spec.type}
        onChange={(e) => {
          const type = e.target.value as InsertableTag;
          set({ type, name: freeName(type, template), options: { ...EMPTY_TAG_OPTIONS } });
        }}
        options={INSERTABLE_TAGS.map((type) => ({ value: type, label: typeName(type) }))}
        hint={t(`admin.forms.tag.${spec.type}` as MessageKey)}
      />
      <div className="adm-row">
        <TextField label={t('admin.forms.tagLabel')} value={spec.label} onChange={(e) => set({ label: e.target.value })} />
        {inputs.name ? <TextField label={t('admin.forms.tagName')} value={spec.name} spellCheck={false} onChange={(e) => set({ name: e.target.value })} hint={t('admin.forms.tagNameHint', { name: spec.name || '…' })} /> : null}
      </div>
      {inputs.required ? <CheckboxField label={t('admin.forms.tagRequired')} checked={spec.required} onChange={(e) => set({ required: e.target.checked })} /> : null}
      {inputs.choices ? <TextArea label={t(spec.type === 'quiz' ? 'admin.forms.tagQuestions' : 'admin.forms.tagChoices')} rows={3} value={spec.choices} onChange={(e) => set({ choices: e.target.value })} /> : null}
      {inputs.options.length ? (
        <fieldset className="adm-forms__tag-options">
          <legend>{t('admin.forms.tagOptions')}</legend>
          {inputs.options.map(optionField)}
        </fieldset>
      ) : spec.type !== 'submit' ? (
        <p className="adm-field__hint">{t('admin.forms.tagNoOptions')}</p>
      ) : null}
      <p className="adm-forms__code-label">{t('admin.forms.tagCode')}</p>
      <pre className="adm-forms__code">
        <code>{snippet}</code>
      </pre>
      {refused ? (
        <p className="adm-field__error" role="alert">
          {t('admin.forms.opt.fixFirst')}
        </p>
      ) : null}
      <Button
        onClick={() => {
          if (Object.keys(problems).length) {
            setRefused(true);
            return;
          }
          onInsert(snippet, spec.type);
          setSpec((s) => ({ ...s, label: '', choices: '', options: { ...EMPTY_TAG_OPTIONS }, name: freeName(s.type, `${template}\n${snippet}`) }));
        }}
      >
        {t('admin.forms.insert')}
      </Button>
    </section>
  );
}
