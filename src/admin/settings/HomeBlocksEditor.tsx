import { useState } from 'react';
import type { HomeBlock, Settings } from '../../features/site/settings.ts';
import { useT } from '../shell/i18n.tsx';
import { Button, SelectField, TextField } from '../shell/ui.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import type { Errors } from './SettingsScreen.tsx';
import { moved } from './TextRulesEditor.tsx';

type Home = Settings['home'];
type BlockType = HomeBlock['type'];
const types: BlockType[] = ['featured-slider', 'carousel', 'category-tabs', 'grid', 'masonry', 'parallax'];

/** A new block of a kind, with the schema's defaults. */
function blank(type: BlockType): HomeBlock {
  switch (type) {
    case 'featured-slider':
      return { type, title: '', count: 4 };
    case 'carousel':
      return { type, title: '', count: 8 };
    case 'category-tabs':
      return { type, title: '', categories: [], count: 4 };
    case 'grid':
    case 'masonry':
      return { type, title: '', count: 6 };
    case 'parallax':
      return { type, media: Number.NaN, heading: '', text: '', link: '' };
  }
}

function CategoriesField({ label, value, onChange, error }: { label: string; value: string[]; onChange: (v: string[]) => void; error: string | undefined }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <TextField
      label={label}
      value={text}
      error={error}
      spellCheck={false}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

const num = (v: unknown) => (typeof v === 'number' && !Number.isNaN(v) ? String(v) : '');
const toNum = (s: string) => (s === '' ? Number.NaN : Number(s));

/** The home page's blocks, top to bottom: add, remove, reorder (buttons, so the keyboard can too), configure. */
export function HomeBlocksEditor({ value, onChange, errors }: { value: Home; onChange: (v: Home) => void; errors: Errors }) {
  const t = useT();
  const [adding, setAdding] = useState<BlockType>('grid');
  const blocks = value.blocks;
  const set = (next: HomeBlock[]) => onChange({ ...value, blocks: next });
  const patch = (i: number, p: Record<string, unknown>) => set(blocks.map((b, j) => (j === i ? ({ ...b, ...p } as HomeBlock) : b)));
  return (
    <>
      <p className="adm-lede">{t('admin.settings.home.hint')}</p>
      {blocks.length === 0 ? <p className="adm-empty">{t('admin.settings.home.empty')}</p> : null}
      <ol className="adm-repeat adm-settings-list">
        {blocks.map((b, i) => {
          const name = t('admin.settings.home.block', { n: i + 1, type: t(`admin.settings.home.type.${b.type}` as MessageKey) });
          const err = (f: string) => errors[`blocks.${i}.${f}`];
          return (
            <li key={i} className="adm-settings-item">
              <fieldset>
                <legend>{name}</legend>
                {b.type !== 'parallax' ? <TextField label={t('admin.settings.home.title')} value={b.title} onChange={(e) => patch(i, { title: e.target.value })} error={err('title')} /> : null}
                {b.type === 'featured-slider' || b.type === 'carousel' ? (
                  <TextField label={t('admin.settings.home.category')} value={b.category ?? ''} spellCheck={false} onChange={(e) => patch(i, { category: e.target.value.trim() || undefined })} error={err('category')} />
                ) : null}
                {b.type === 'category-tabs' ? <CategoriesField label={t('admin.settings.home.categories')} value={b.categories} onChange={(categories) => patch(i, { categories })} error={err('categories')} /> : null}
                {b.type !== 'parallax' ? <TextField label={t('admin.settings.home.count')} type="number" inputMode="numeric" value={num(b.count)} onChange={(e) => patch(i, { count: toNum(e.target.value) })} error={err('count')} /> : null}
                {b.type === 'parallax' ? (
                  <>
                    <TextField label={t('admin.settings.home.media')} type="number" inputMode="numeric" value={num(b.media)} onChange={(e) => patch(i, { media: toNum(e.target.value) })} error={err('media')} />
                    <TextField label={t('admin.settings.home.heading')} value={b.heading} onChange={(e) => patch(i, { heading: e.target.value })} error={err('heading')} />
                    <TextField label={t('admin.settings.home.text')} value={b.text} onChange={(e) => patch(i, { text: e.target.value })} error={err('text')} />
                    <TextField label={t('admin.settings.home.link')} value={b.link} onChange={(e) => patch(i, { link: e.target.value })} error={err('link')} />
                  </>
                ) : null}
                <div className="adm-actions">
                  <Button onClick={() => set(moved(blocks, i, -1))} disabled={i === 0} aria-label={`${t('admin.settings.moveUp')}: ${name}`}>
                    {t('admin.settings.moveUp')}
                  </Button>
                  <Button onClick={() => set(moved(blocks, i, 1))} disabled={i === blocks.length - 1} aria-label={`${t('admin.settings.moveDown')}: ${name}`}>
                    {t('admin.settings.moveDown')}
                  </Button>
                  <Button variant="danger" onClick={() => set(blocks.filter((_, j) => j !== i))} aria-label={`${t('admin.settings.remove')}: ${name}`}>
                    {t('admin.settings.remove')}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="adm-inline-form">
        <SelectField label={t('admin.settings.home.addType')} value={adding} onChange={(e) => setAdding(e.target.value as BlockType)} options={types.map((ty) => ({ value: ty, label: t(`admin.settings.home.type.${ty}` as MessageKey) }))} />
        <Button onClick={() => set([...blocks, blank(adding)])}>{t('admin.settings.home.add')}</Button>
      </div>
    </>
  );
}
