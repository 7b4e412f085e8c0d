import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { canMove, dropItem, moveItem, newKey, type FlatItem, type MenuMove } from '../../features/navigation/menu-tree.ts';
import { MenuPreview } from './MenuPreview.tsx';
import type { MenuLocation } from '../../features/navigation/types.ts';
import { api, ApiError } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { setQuery, useLeaveGuard, useLocation } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { dndAccessibility } from '../shell/dnd.ts';
import { Button, CheckboxField, Loading, Notice, SelectField, TextField } from '../shell/ui.tsx';
import type { MessageKey } from '../../i18n/index.ts';

const locations: MenuLocation[] = ['main', 'footer', 'side'];
type Kind = 'post' | 'page' | 'category' | 'tag' | 'portfolio' | 'portfolio_category' | 'custom';
const kinds: Kind[] = ['page', 'post', 'category', 'tag', 'portfolio', 'portfolio_category', 'custom'];
type Errors = Record<string, string>;

/** Adds links: published content and terms found by search, or a custom address. */
function AddLinks({ onAdd }: { onAdd: (label: string, url: string) => void }) {
  const t = useT();
  const [kind, setKind] = useState<Kind>('page');
  const [typed, setTyped] = useState('');
  const [words, setWords] = useState('');
  const [custom, setCustom] = useState({ label: '', url: '' });
  const [customError, setCustomError] = useState<Errors>({});
  const sources = useQuery({ queryKey: ['menus.sources', kind, words], queryFn: () => api('menus.sources', { kind: kind as Exclude<Kind, 'custom'>, search: words }), enabled: kind !== 'custom' });
  const addCustom = (e: FormEvent) => {
    e.preventDefault();
    const errors: Errors = {};
    if (!custom.label.trim()) errors.label = t('admin.menus.label');
    if (!custom.url.trim()) errors.url = t('admin.menus.url');
    setCustomError(errors);
    if (Object.keys(errors).length) return;
    onAdd(custom.label.trim(), custom.url.trim());
    setCustom({ label: '', url: '' });
  };
  return (
    <section className="adm-card adm-menus__add" aria-labelledby="menus-add">
      <h2 id="menus-add">{t('admin.menus.add')}</h2>
      <SelectField label={t('admin.menus.kind')} value={kind} onChange={(e) => setKind(e.target.value as Kind)} options={kinds.map((k) => ({ value: k, label: t(`admin.menus.kind.${k}` as MessageKey) }))} />
      {kind === 'custom' ? (
        <form className="adm-form" onSubmit={addCustom} noValidate aria-label={t('admin.menus.kind.custom')}>
          <TextField label={t('admin.menus.label')} value={custom.label} required onChange={(e) => setCustom({ ...custom, label: e.target.value })} error={customError.label} />
          <TextField label={t('admin.menus.url')} value={custom.url} required spellCheck={false} placeholder="https://" onChange={(e) => setCustom({ ...custom, url: e.target.value })} error={customError.url} />
          <Button type="submit">{t('admin.menus.addCustom')}</Button>
        </form>
      ) : (
        <>
          <form
            role="search"
            className="adm-search"
            onSubmit={(e) => {
              e.preventDefault();
              setWords(typed.trim());
            }}
          >
            <label htmlFor="menus-search" className="visually-hidden">
              {t('admin.menus.search')}
            </label>
            <input id="menus-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
            <Button type="submit">{t('admin.menus.search')}</Button>
          </form>
          {sources.isPending ? <Loading /> : null}
          {sources.error ? <Notice tone="error">{sources.error.message}</Notice> : null}
          {sources.data && !sources.data.length ? <p className="adm-empty">{t('admin.menus.noResults')}</p> : null}
          <ul className="adm-menus__sources">
            {(sources.data ?? []).map((s) => (
              <li key={`${s.id}-${s.url}`}>
                <span className="adm-break">
                  {s.label} <span className="adm-muted">{s.url}</span>
                </span>
                <Button onClick={() => onAdd(s.label, s.url)} aria-label={t('admin.menus.addItem', { label: s.label })}>
                  +
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

interface Category {
  id: number;
  name: string;
}

function ItemRow(props: { item: FlatItem; index: number; flat: FlatItem[]; maxDepth: number; location: MenuLocation; errors: Errors; categories: Category[]; onMove: (m: MenuMove) => void; onChange: (f: FlatItem) => void; onRemove: () => void }) {
  const { item, index, flat, maxDepth, location, errors, categories, onMove, onChange, onRemove } = props;
  const t = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  const err = (f: string) => errors[`items.${index}.${f}`];
  const hasError = ['label', 'url', 'depth', 'megaTermId', 'megaCount'].some((f) => err(f));
  const [open, setOpen] = useState(hasError || !item.label);
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);
  const label = item.label || t('admin.menus.label');
  const mega = location === 'main' && item.depth === 0;
  return (
    <li ref={setNodeRef} className={`adm-menus__item${isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition, marginInlineStart: `${item.depth * 1.5}rem` }}>
      <div className="adm-menus__row">
        <button type="button" className="adm-menus__handle" {...attributes} {...listeners} aria-label={t('admin.menus.drag', { label })}>
          <span aria-hidden="true">⠿</span>
        </button>
        <span className="adm-menus__label adm-break">
          {item.depth ? <span className="visually-hidden">{t('admin.menus.sub')}: </span> : null}
          <strong>{label}</strong> <span className="adm-muted">{item.url}</span>
          {item.megaTermId ? <span className="adm-badge">{t('admin.menus.megaNote', { category: categories.find((c) => c.id === item.megaTermId)?.name ?? '', n: item.megaCount ?? 4 })}</span> : null}
        </span>
        <span className="adm-menus__tools">
          {(['up', 'down', 'in', 'out'] as const).map((m) => (
            <Button key={m} className="adm-menus__tool" onClick={() => onMove(m)} disabled={!canMove(flat, index, m, maxDepth)} aria-label={t(`admin.menus.${m}`, { label })}>
              <span aria-hidden="true">{{ up: '↑', down: '↓', in: '→', out: '←' }[m]}</span>
            </Button>
          ))}
          <Button className="adm-menus__tool" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={t('admin.menus.edit', { label })}>
            <span aria-hidden="true">✎</span>
          </Button>
          <Button className="adm-menus__tool" variant="danger" onClick={onRemove} aria-label={t('admin.menus.remove', { label })}>
            <span aria-hidden="true">×</span>
          </Button>
        </span>
      </div>
      {err('depth') ? <p className="adm-field__error">{err('depth')}</p> : null}
      {open ? (
        <div className="adm-menus__details" role="group" aria-label={t('admin.menus.edit', { label })}>
          <div className="adm-settings-pair">
            <TextField label={t('admin.menus.label')} value={item.label} onChange={(e) => onChange({ ...item, label: e.target.value })} error={err('label')} />
            <TextField label={t('admin.menus.url')} value={item.url} spellCheck={false} onChange={(e) => onChange({ ...item, url: e.target.value })} error={err('url')} />
          </div>
          {mega ? (
            <>
              <CheckboxField label={t('admin.menus.mega')} hint={t('admin.menus.megaHint')} checked={item.megaTermId !== null} onChange={(e) => onChange({ ...item, megaTermId: e.target.checked ? (categories[0]?.id ?? null) : null, megaCount: e.target.checked ? (item.megaCount ?? 4) : null })} error={err('megaTermId')} />
              {item.megaTermId !== null ? (
                <div className="adm-settings-pair">
                  <SelectField label={t('admin.menus.megaCategory')} value={String(item.megaTermId)} onChange={(e) => onChange({ ...item, megaTermId: Number(e.target.value) })} options={categories.map((c) => ({ value: String(c.id), label: c.name }))} />
                  <TextField label={t('admin.menus.megaCount')} type="number" min={1} max={8} inputMode="numeric" placeholder="4" value={item.megaCount === null ? '' : String(item.megaCount)} onChange={(e) => onChange({ ...item, megaCount: e.target.value === '' ? null : Number(e.target.value) })} error={err('megaCount')} />
                </div>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Header, footer and mobile menus: add links, reorder and nest by drag-and-drop or buttons, mega menus, a preview of the result drawn by the site's own header and footer (MenuPreview). */
export default function Menus() {
  const t = useT();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const location = (locations.find((l) => l === search.get('location')) ?? 'main') as MenuLocation;
  const query = useQuery({ queryKey: ['menus.get', location], queryFn: () => api('menus.get', { location }) });
  const categories = useQuery({ queryKey: ['terms.list', 'category'], queryFn: () => api('terms.list', { taxonomy: 'category' }) });
  const [flat, setFlat] = useState<FlatItem[]>([]);
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty, t('admin.leave.question'));
  const [errors, setErrors] = useState<Errors>({});
  const maxDepth = query.data?.maxDepth ?? 1;
  useEffect(() => {
    if (query.data) {
      setFlat(query.data.items.map((i) => ({ ...i, key: newKey() })));
      setDirty(false);
      setErrors({});
    }
  }, [query.data]);
  const save = useMutation({
    mutationFn: () => api('menus.save', { location, items: flat.map(({ key: _key, ...rest }) => rest) }),
    onSuccess: (r) => {
      queryClient.setQueryData(['menus.get', location], r);
      announce(t('admin.menus.saved'));
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors({ ...err.fields, ...(err.field ? { [err.field]: err.message } : {}) });
      announce(t('admin.menus.fixErrors'));
    },
  });
  const change = (next: FlatItem[]) => {
    setFlat(next);
    setDirty(true);
    setErrors({});
  };
  const describe = (list: FlatItem[], key: string) => {
    const i = list.findIndex((f) => f.key === key);
    const f = list[i]!;
    announce(t('admin.menus.moved', { label: f.label, n: i + 1, total: list.length, level: f.depth + 1 }));
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const end = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const next = dropItem(flat, String(e.active.id), String(e.over.id), maxDepth);
    change(next);
    describe(next, String(e.active.id));
  };
  const cats = (categories.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  const generalError = save.error instanceof ApiError && !Object.keys(save.error.fields).length && !save.error.field ? save.error.message : null;

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.menus')}</h1>
      <nav className="adm-status-tabs" aria-label={t('admin.menus.locations')}>
        <ul>
          {locations.map((l) => (
            <li key={l}>
              <a
                href={`?location=${l}`}
                aria-current={l === location ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  setQuery({ location: l === 'main' ? null : l });
                }}
              >
                {t(`admin.menus.location.${l}` as MessageKey)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {location === 'side' ? <p className="adm-lede">{t('admin.menus.sideHint')}</p> : null}
      {query.isPending ? <Loading /> : null}
      {query.error ? <Notice tone="error">{query.error.message}</Notice> : null}
      {query.data ? (
        <div className="adm-menus">
          <AddLinks
            onAdd={(label, url) => {
              change([...flat, { key: newKey(), label, url, depth: 0, megaTermId: null, megaCount: null }]);
              announce(t('admin.menus.added', { label }));
            }}
          />
          <form
            className="adm-card adm-menus__structure"
            aria-labelledby="menus-structure"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <h2 id="menus-structure">
              {t('admin.menus.structure')}: {t(`admin.menus.location.${location}` as MessageKey)}
            </h2>
            <p className="adm-field__hint">{t('admin.menus.structureHint')}</p>
            {flat.length === 0 ? <p className="adm-empty">{t('admin.menus.empty')}</p> : null}
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={end}
              accessibility={dndAccessibility(
                t,
                flat.map((f) => f.key),
                (key) => flat.find((f) => f.key === key)?.label || t('admin.menus.label'),
              )}
            >
              <SortableContext items={flat.map((f) => f.key)} strategy={verticalListSortingStrategy}>
                <ol className="adm-menus__list" aria-labelledby="menus-structure">
                  {flat.map((item, i) => (
                    <ItemRow
                      key={item.key}
                      item={item}
                      index={i}
                      flat={flat}
                      maxDepth={maxDepth}
                      location={location}
                      errors={errors}
                      categories={cats}
                      onMove={(m) => {
                        const next = moveItem(flat, i, m, maxDepth);
                        change(next);
                        describe(next, item.key);
                      }}
                      onChange={(f) => change(flat.map((x) => (x.key === f.key ? f : x)))}
                      onRemove={() => {
                        const e = flat.findIndex((x, j) => j > i && x.depth <= item.depth);
                        // sub-items move up a level rather than vanish with their parent
                        change([...flat.slice(0, i), ...flat.slice(i + 1, e === -1 ? flat.length : e).map((x) => ({ ...x, depth: x.depth - 1 })), ...(e === -1 ? [] : flat.slice(e))]);
                        announce(t('admin.menus.removed', { label: item.label }));
                      }}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
            {Object.keys(errors).length ? <Notice tone="error">{t('admin.menus.fixErrors')}</Notice> : null}
            {generalError ? <Notice tone="error">{generalError}</Notice> : null}
            {dirty ? <p className="adm-muted">{t('admin.menus.unsaved')}</p> : null}
            <div className="adm-actions">
              <Button type="submit" variant="primary" disabled={save.isPending}>
                {t('admin.menus.save')}
              </Button>
            </div>
          </form>
          <MenuPreview location={location} items={flat.map(({ key: _key, ...rest }) => rest)} />
        </div>
      ) : null}
    </div>
  );
}
