import { useId, useState } from 'react';
import { useT } from '../shell/i18n.tsx';
import { Button, CheckboxField, SelectField, TextArea, TextField } from '../shell/ui.tsx';
import { freeName, INSERTABLE_TAGS, TAG_INPUTS, tagSnippet, type InsertableTag, type TagSpec } from '../../features/contact-form/editor.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The tag inserter: pick a Contact Form 7 tag, read what it does and which options it takes, fill
 * in its label, name and options, see the tag it writes, and insert it where the caret is in the
 * form template (features/contact-form/editor.ts writes the tag).
 */
export function TagInserter({ template, onInsert }: { template: string; onInsert: (snippet: string, type: InsertableTag) => void }) {
  const t = useT();
  const headingId = useId();
  const [spec, setSpec] = useState<TagSpec>(() => ({ type: 'text', name: freeName('text', template), label: '', required: false, choices: '', extra: '' }));
  const inputs = TAG_INPUTS[spec.type];
  const snippet = tagSnippet(spec);
  const typeName = (type: InsertableTag) => t(`admin.forms.tagTypeName.${type}` as MessageKey);
  const set = (changes: Partial<TagSpec>) => setSpec((s) => ({ ...s, ...changes }));

  return (
    <section className="adm-forms__inserter" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.forms.inserter')}</h3>
      <SelectField
        label={t('admin.forms.tagType')}
        value={spec.type}
        onChange={(e) => {
          const type = e.target.value as InsertableTag;
          set({ type, name: freeName(type, template), extra: '' });
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
      {spec.type !== 'submit' ? <TextField label={t('admin.forms.tagExtra')} value={spec.extra} spellCheck={false} onChange={(e) => set({ extra: e.target.value })} hint={t(`admin.forms.tag.${spec.type}.options` as MessageKey)} /> : null}
      <p className="adm-forms__code-label">{t('admin.forms.tagCode')}</p>
      <pre className="adm-forms__code">
        <code>{snippet}</code>
      </pre>
      <Button
        onClick={() => {
          onInsert(snippet, spec.type);
          setSpec((s) => ({ ...s, label: '', choices: '', name: freeName(s.type, `${template}\n${snippet}`) }));
        }}
      >
        {t('admin.forms.insert')}
      </Button>
    </section>
  );
}
