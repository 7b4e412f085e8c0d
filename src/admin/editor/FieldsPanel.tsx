import { useState, type KeyboardEvent, type ReactElement } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentFields } from '../../features/content/fields.ts';
import type { ContentKind } from '../../features/content/status.ts';
import type { Term } from '../../features/post/types.ts';
import { postFormats } from '../../features/post/types.ts';
import { slugify } from '../../features/content/slug.ts';
import { canChangeAuthor } from '../../features/accounts/permissions.ts';
import { api, ApiError } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { useBoot, useCan } from '../shell/boot.tsx';
import { Button, CheckboxField, SelectField, TextArea, TextField } from '../shell/ui.tsx';
import { MediaField } from './blocks/fields.tsx';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The fields beside the body: address (slug), date, excerpt and subtitle, categories (a tree),
 * tags (typed; new ones are created on save), featured image, format, author, sticky and the
 * other flags, the readers' password (posts and pages), portfolio layout and facts, search-engine title and description. Server errors
 * appear under the field they concern.
 */
type Set = (patch: Partial<ContentFields>) => void;

/** ISO ⇄ the value of an <input type="datetime-local"> (the viewer's own time zone, seconds kept). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function CategoryTree({ terms, chosen, onToggle }: { terms: Term[]; chosen: number[]; onToggle: (id: number, on: boolean) => void }) {
  const children = (parent: number | null): Term[] => terms.filter((t) => (t.parentId ?? null) === parent || (parent === null && t.parentId && !terms.some((p) => p.id === t.parentId)));
  const render = (parent: number | null, depth: number): ReactElement[] =>
    children(parent).flatMap((term) => [
      <li key={term.id} style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
        <CheckboxField label={term.name} checked={chosen.includes(term.id)} onChange={(e) => onToggle(term.id, e.target.checked)} />
      </li>,
      ...(depth < 8 ? render(term.id, depth + 1) : []),
    ]);
  return <ul className="adm-tree">{render(null, 0)}</ul>;
}

type PageEntry = { id: number; title: string; parentId: number | null; menuOrder: number };

/**
 * The pages this page can be placed under, as an indented tree in sibling order: never the page
 * itself nor anything below it (the server refuses those too).
 */
export function parentChoices(pages: PageEntry[], self: number | null, untitled: string): { value: string; label: string }[] {
  const known = new Set(pages.map((p) => p.id));
  const under = (parent: number | null) => pages.filter((p) => (p.parentId !== null && known.has(p.parentId) ? p.parentId : null) === parent);
  const out: { value: string; label: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const p of under(parent)) {
      if (p.id === self) continue;
      out.push({ value: String(p.id), label: `${'— '.repeat(depth)}${p.title || untitled}` });
      if (depth < 20) walk(p.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function FieldsPanel({ kind, itemId = null, fields, set, errors, onSlugTouched, live }: { kind: ContentKind; itemId?: number | null; fields: ContentFields; set: Set; errors: Record<string, string>; onSlugTouched: () => void; live: boolean }) {
  const t = useT();
  const can = useCan();
  const { user } = useBoot();
  const queryClient = useQueryClient();
  const taxonomy = kind === 'portfolio' ? 'portfolio_category' : 'category';
  const cats = useQuery({ queryKey: ['terms.list', taxonomy], queryFn: () => api('terms.list', { taxonomy }), enabled: kind !== 'page' });
  const tags = useQuery({ queryKey: ['terms.list', 'tag'], queryFn: () => api('terms.list', { taxonomy: 'tag' }), enabled: kind === 'post' });
  const choices = useQuery({ queryKey: ['items.choices'], queryFn: () => api('items.choices', {}), enabled: canChangeAuthor(user, kind) });
  const pages = useQuery({ queryKey: ['items.pages'], queryFn: () => api('items.pages', {}), enabled: kind === 'page' });
  const [tagText, setTagText] = useState('');
  const [newCat, setNewCat] = useState('');
  const addCat = useMutation({
    mutationFn: (name: string) => api('terms.create', { taxonomy, name }),
    onSuccess: (term) => {
      setNewCat('');
      set({ categoryIds: [...fields.categoryIds, term.id] });
      void queryClient.invalidateQueries({ queryKey: ['terms.list', taxonomy] });
    },
  });
  const addTags = () => {
    const names = tagText
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!names.length) return;
    const lower = fields.tags.map((x) => x.toLowerCase());
    set({ tags: [...fields.tags, ...names.filter((n, i) => !lower.includes(n.toLowerCase()) && names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i)] });
    setTagText('');
  };
  const tagKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      addTags();
    }
  };
  const prefix = kind === 'portfolio' ? '/portfolio/' : '/';
  const autoSlug = slugify(fields.title);

  return (
    <div className="adm-fields">
      <section className="adm-panel" aria-labelledby="panel-address">
        <h2 id="panel-address">{t('admin.fields.publishing')}</h2>
        <TextField
          label={t('admin.fields.slug')}
          hint={t('admin.fields.slugHint', { url: `${prefix}${fields.slug || autoSlug || '…'}/` })}
          value={fields.slug}
          placeholder={autoSlug}
          onChange={(e) => {
            onSlugTouched();
            set({ slug: e.target.value });
          }}
          onBlur={(e) => e.target.value && set({ slug: slugify(e.target.value) })}
          error={errors.slug}
          maxLength={200}
        />
        <TextField
          label={t('admin.fields.date')}
          hint={t(fields.date ? 'admin.fields.dateHintSet' : live ? 'admin.fields.dateHintLive' : 'admin.fields.dateHintEmpty')}
          type="datetime-local"
          step={1}
          value={toLocalInput(fields.date)}
          onChange={(e) => set({ date: fromLocalInput(e.target.value) })}
          error={errors.date}
        />
        {kind !== 'portfolio' ? (
          <TextField
            label={t('admin.fields.password')}
            hint={t(fields.password ? 'admin.fields.passwordHintSet' : 'admin.fields.passwordHint')}
            value={fields.password}
            onChange={(e) => set({ password: e.target.value })}
            error={errors.password}
            maxLength={255}
            autoComplete="off"
            spellCheck={false}
          />
        ) : null}
        {canChangeAuthor(user, kind) && choices.data ? (
          <SelectField
            label={t('admin.fields.author')}
            value={String(fields.authorId ?? user.id)}
            onChange={(e) => set({ authorId: Number(e.target.value) })}
            options={choices.data.authors.map((a) => ({ value: String(a.id), label: a.displayName }))}
            error={errors.authorId}
          />
        ) : null}
      </section>

      <section className="adm-panel" aria-labelledby="panel-summary">
        <h2 id="panel-summary">{t('admin.fields.summary')}</h2>
        {kind !== 'portfolio' ? <TextField label={t('admin.fields.subtitle')} hint={t('admin.fields.subtitleHint')} value={fields.subtitle} onChange={(e) => set({ subtitle: e.target.value })} error={errors.subtitle} maxLength={300} /> : null}
        <TextArea label={t('admin.fields.excerpt')} hint={t('admin.fields.excerptHint')} rows={3} value={fields.excerpt} onChange={(e) => set({ excerpt: e.target.value })} error={errors.excerpt} maxLength={2000} />
        <MediaField label={t('admin.fields.featured')} value={fields.featuredMediaId ?? undefined} onChange={(id) => set({ featuredMediaId: id ?? null })} error={errors.featuredMediaId} optional />
      </section>

      {kind !== 'page' ? (
        <section className="adm-panel" aria-labelledby="panel-cats">
          <h2 id="panel-cats">{t(kind === 'portfolio' ? 'admin.fields.portfolioCategories' : 'admin.fields.categories')}</h2>
          {cats.data ? (
            cats.data.length ? (
              <CategoryTree terms={cats.data} chosen={fields.categoryIds} onToggle={(id, on) => set({ categoryIds: on ? [...fields.categoryIds, id] : fields.categoryIds.filter((x) => x !== id) })} />
            ) : (
              <p className="adm-muted">{t('admin.fields.noCategories')}</p>
            )
          ) : null}
          {errors.categoryIds ? <p className="adm-field__error">{errors.categoryIds}</p> : null}
          {can('taxonomies.manage') ? (
            <div className="adm-inline-form">
              <TextField label={t('admin.fields.newCategory')} value={newCat} onChange={(e) => setNewCat(e.target.value)} error={addCat.error instanceof ApiError ? addCat.error.message : undefined} />
              <Button onClick={() => newCat.trim() && addCat.mutate(newCat.trim())} disabled={addCat.isPending}>
                {t('admin.fields.addCategory')}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}

      {kind === 'post' ? (
        <section className="adm-panel" aria-labelledby="panel-tags">
          <h2 id="panel-tags">{t('admin.fields.tags')}</h2>
          {fields.tags.length ? (
            <ul className="adm-chips" aria-label={t('admin.fields.tagsChosen')}>
              {fields.tags.map((tag) => (
                <li key={tag} className="adm-chip">
                  {tag}
                  <button type="button" aria-label={t('admin.fields.removeTag', { tag })} onClick={() => set({ tags: fields.tags.filter((x) => x !== tag) })}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="adm-inline-form">
            <TextField label={t('admin.fields.addTags')} hint={t('admin.fields.addTagsHint')} value={tagText} onChange={(e) => setTagText(e.target.value)} onKeyDown={tagKey} onBlur={addTags} list="adm-tag-names" error={errors.tags} />
            <Button onClick={addTags}>{t('admin.fields.addTag')}</Button>
          </div>
          <datalist id="adm-tag-names">
            {(tags.data ?? []).map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
          </datalist>
        </section>
      ) : null}

      {kind === 'page' ? (
        <section className="adm-panel" aria-labelledby="panel-page">
          <h2 id="panel-page">{t('admin.fields.pageAttributes')}</h2>
          <SelectField
            label={t('admin.fields.parent')}
            hint={t('admin.fields.parentHint')}
            value={String(fields.parentId ?? '')}
            onChange={(e) => set({ parentId: e.target.value ? Number(e.target.value) : null })}
            options={[
              { value: '', label: t('admin.fields.noParent') },
              ...parentChoices(pages.data ?? [], itemId, t('admin.untitled')),
              // a parent not in the list (in the trash) stays chosen until changed
              ...(fields.parentId !== null && !(pages.data ?? []).some((p) => p.id === fields.parentId) ? [{ value: String(fields.parentId), label: t('admin.fields.parentElsewhere', { id: fields.parentId }) }] : []),
            ]}
            error={errors.parentId}
          />
          <TextField
            label={t('admin.fields.menuOrder')}
            hint={t('admin.fields.menuOrderHint')}
            type="number"
            step={1}
            min={-9999}
            max={9999}
            value={String(fields.menuOrder)}
            onChange={(e) => set({ menuOrder: Number.isFinite(e.target.valueAsNumber) ? Math.trunc(e.target.valueAsNumber) : 0 })}
            error={errors.menuOrder}
          />
        </section>
      ) : null}

      {kind === 'post' ? (
        <section className="adm-panel" aria-labelledby="panel-options">
          <h2 id="panel-options">{t('admin.fields.options')}</h2>
          <SelectField label={t('admin.fields.format')} value={fields.format} onChange={(e) => set({ format: e.target.value as ContentFields['format'] })} options={postFormats.map((f) => ({ value: f, label: t(`admin.format.${f}` as MessageKey) }))} />
          {can('posts.publish') ? <CheckboxField label={t('admin.fields.sticky')} hint={t('admin.fields.stickyHint')} checked={fields.sticky} onChange={(e) => set({ sticky: e.target.checked })} /> : null}
          <CheckboxField label={t('admin.fields.allowRating')} checked={fields.allowRating} onChange={(e) => set({ allowRating: e.target.checked })} />
          <CheckboxField label={t('admin.fields.relatedPopup')} checked={fields.relatedPopup} onChange={(e) => set({ relatedPopup: e.target.checked })} />
        </section>
      ) : null}

      {kind === 'portfolio' ? (
        <section className="adm-panel" aria-labelledby="panel-project">
          <h2 id="panel-project">{t('admin.fields.project')}</h2>
          <SelectField
            label={t('admin.fields.layout')}
            value={String(fields.layout)}
            onChange={(e) => set({ layout: Number(e.target.value) as 1 | 2 | 3 })}
            options={[1, 2, 3].map((n) => ({ value: String(n), label: t(`admin.fields.layout${n}` as MessageKey) }))}
          />
          <TextField label={t('portfolio.client')} value={fields.portfolioMeta.client ?? ''} onChange={(e) => set({ portfolioMeta: { ...fields.portfolioMeta, client: e.target.value || undefined } })} />
          <TextField label={t('portfolio.year')} value={fields.portfolioMeta.year ?? ''} onChange={(e) => set({ portfolioMeta: { ...fields.portfolioMeta, year: e.target.value || undefined } })} maxLength={20} />
          <TextField label={t('portfolio.role')} value={fields.portfolioMeta.role ?? ''} onChange={(e) => set({ portfolioMeta: { ...fields.portfolioMeta, role: e.target.value || undefined } })} />
          <TextField label={t('portfolio.website')} type="url" value={fields.portfolioMeta.website ?? ''} onChange={(e) => set({ portfolioMeta: { ...fields.portfolioMeta, website: e.target.value || undefined } })} />
        </section>
      ) : null}

      <section className="adm-panel" aria-labelledby="panel-seo">
        <h2 id="panel-seo">{t('admin.fields.seo')}</h2>
        <TextField label={t('admin.fields.seoTitle')} hint={t('admin.fields.seoTitleHint')} value={fields.seoTitle} onChange={(e) => set({ seoTitle: e.target.value })} error={errors.seoTitle} maxLength={300} />
        <TextArea label={t('admin.fields.seoDescription')} hint={t('admin.fields.seoDescriptionHint', { n: fields.seoDescription.length })} rows={3} value={fields.seoDescription} onChange={(e) => set({ seoDescription: e.target.value })} error={errors.seoDescription} maxLength={500} />
      </section>
    </div>
  );
}
