import { useState } from 'react';
import type { Settings } from '../../features/site/settings.ts';
import { applyRules, compileRules } from '../../features/text-rules/rules.ts';
import { useT } from '../shell/i18n.tsx';
import { Button, TextArea, TextField } from '../shell/ui.tsx';
import type { Errors } from './SettingsScreen.tsx';

type Rules = Settings['textRules'];

/** Moves item `i` of a list by `by` places; the list is unchanged when that leaves its bounds. */
export function moved<T>(list: readonly T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(i, 1);
  out.splice(j, 0, item!);
  return out;
}

/**
 * The text rules, in order, with a test box: the sample is rewritten live by the same functions
 * the site uses (features/text-rules/rules.ts), so what it shows is what pages will show.
 */
export function TextRulesEditor({ value, onChange, errors }: { value: Rules; onChange: (v: Rules) => void; errors: Errors }) {
  const t = useT();
  const [sample, setSample] = useState(t('admin.settings.rules.sampleDefault'));
  const rules = value.rules;
  const set = (next: Rules['rules']) => onChange({ ...value, rules: next });
  const invalid: number[] = [];
  const compiled = compileRules(
    rules.filter((r) => r.find),
    (r) => invalid.push(rules.indexOf(r) + 1),
  );
  return (
    <>
      <p className="adm-lede">{t('admin.settings.rules.hint')}</p>
      {rules.length === 0 ? <p className="adm-empty">{t('admin.settings.rules.empty')}</p> : null}
      <ol className="adm-repeat adm-settings-list">
        {rules.map((rule, i) => (
          <li key={i} className="adm-settings-item">
            <fieldset>
              <legend>{t('admin.settings.rules.rule', { n: i + 1 })}</legend>
              <div className="adm-settings-pair">
                <TextField label={t('admin.settings.rules.find')} value={rule.find} spellCheck={false} onChange={(e) => set(rules.map((r, j) => (j === i ? { ...r, find: e.target.value } : r)))} error={errors[`rules.${i}.find`]} />
                <TextField label={t('admin.settings.rules.replace')} value={rule.replace} spellCheck={false} onChange={(e) => set(rules.map((r, j) => (j === i ? { ...r, replace: e.target.value } : r)))} error={errors[`rules.${i}.replace`]} />
              </div>
              <div className="adm-actions">
                <Button onClick={() => set(moved(rules, i, -1))} disabled={i === 0} aria-label={`${t('admin.settings.moveUp')}: ${t('admin.settings.rules.rule', { n: i + 1 })}`}>
                  {t('admin.settings.moveUp')}
                </Button>
                <Button onClick={() => set(moved(rules, i, 1))} disabled={i === rules.length - 1} aria-label={`${t('admin.settings.moveDown')}: ${t('admin.settings.rules.rule', { n: i + 1 })}`}>
                  {t('admin.settings.moveDown')}
                </Button>
                <Button variant="danger" onClick={() => set(rules.filter((_, j) => j !== i))} aria-label={`${t('admin.settings.remove')}: ${t('admin.settings.rules.rule', { n: i + 1 })}`}>
                  {t('admin.settings.remove')}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="adm-actions">
        <Button onClick={() => set([...rules, { find: '', replace: '' }])}>{t('admin.settings.rules.add')}</Button>
      </div>
      <section className="adm-card adm-settings-test" aria-labelledby="rules-test">
        <h2 id="rules-test">{t('admin.settings.rules.test')}</h2>
        <TextArea label={t('admin.settings.rules.sample')} rows={3} value={sample} onChange={(e) => setSample(e.target.value)} />
        {invalid.map((n) => (
          <p key={n} className="adm-field__error">
            {t('admin.settings.rules.invalid', { n })}
          </p>
        ))}
        <h3 id="rules-result">{t('admin.settings.rules.result')}</h3>
        <output className="adm-settings-result" aria-labelledby="rules-result" aria-live="polite">
          {applyRules(sample, compiled)}
        </output>
      </section>
    </>
  );
}
