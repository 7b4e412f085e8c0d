import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { api } from '../../shell/api.ts';
import { useT } from '../../shell/i18n.tsx';
import { dndAccessibility } from '../../shell/dnd.ts';
import { Button, CheckboxField, SelectField, TextArea, TextField } from '../../shell/ui.tsx';
import { MediaPicker } from '../../media/MediaPicker.tsx';
import { Thumb } from '../../media/MediaGrid.tsx';

/**
 * Fields of the block forms. Each takes its value and error (the server's or zod's message for
 * that path) and reports changes; lists can be reordered with buttons (keyboard) and, for
 * gallery images, by dragging (@dnd-kit, keyboard-accessible too).
 */
export type Errors = Record<string, string>;

export function Text({ label, value, onChange, error, hint, multiline = false, rows = 3 }: { label: string; value: string | undefined; onChange: (v: string) => void; error?: string | undefined; hint?: string; multiline?: boolean; rows?: number }) {
  return multiline ? (
    <TextArea label={label} value={value ?? ''} rows={rows} onChange={(e) => onChange(e.target.value)} error={error} {...(hint ? { hint } : {})} />
  ) : (
    <TextField label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)} error={error} {...(hint ? { hint } : {})} />
  );
}

/** A number; an empty field is `undefined` (optional numbers), anything else must parse. */
export function Num({ label, value, onChange, error, step = 1, min, max, hint }: { label: string; value: number | undefined; onChange: (v: number | undefined) => void; error?: string | undefined; step?: number; min?: number; max?: number; hint?: string }) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  return (
    <TextField
      label={label}
      type="number"
      inputMode="decimal"
      step={step}
      {...(min !== undefined ? { min } : {})}
      {...(max !== undefined ? { max } : {})}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = e.target.value.trim() === '' ? undefined : Number(e.target.value);
        onChange(n === undefined || Number.isFinite(n) ? n : undefined);
      }}
      error={error}
      {...(hint ? { hint } : {})}
    />
  );
}

export function Choice<V extends string | number>({ label, value, options, onChange, error }: { label: string; value: V; options: { value: V; label: string }[]; onChange: (v: V) => void; error?: string | undefined }) {
  return (
    <SelectField
      label={label}
      value={String(value)}
      onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      error={error}
    />
  );
}

export function Check({ label, value, onChange, hint }: { label: string; value: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return <CheckboxField label={label} checked={value} onChange={(e) => onChange(e.target.checked)} {...(hint ? { hint } : {})} />;
}

/** A list of short texts, one per line. */
export function Lines({ label, value, onChange, error, hint }: { label: string; value: string[] | undefined; onChange: (v: string[]) => void; error?: string | undefined; hint?: string }) {
  const t = useT();
  const [text, setText] = useState((value ?? []).join('\n'));
  return (
    <TextArea
      label={label}
      hint={hint ?? t('admin.block.onePerLine')}
      rows={Math.min(10, Math.max(3, (value ?? []).length + 1))}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
        );
      }}
      error={error}
    />
  );
}

/** A repeated group of fields (scores, videos, list items), with add, move and remove buttons. */
export function Repeat<T>({ legend, items, onChange, create, render, itemLabel, addLabel, error }: { legend: string; items: T[]; onChange: (items: T[]) => void; create: () => T; render: (item: T, set: (next: T) => void, index: number) => ReactNode; itemLabel: (index: number) => string; addLabel: string; error?: string | undefined }) {
  const t = useT();
  const move = (from: number, to: number) => onChange(arrayMove(items, from, to));
  return (
    <fieldset className="adm-repeat">
      <legend>{legend}</legend>
      {error ? <p className="adm-field__error">{error}</p> : null}
      {items.map((item, i) => (
        <fieldset key={i} className="adm-repeat__item">
          <legend>{itemLabel(i)}</legend>
          {render(item, (next) => onChange(items.map((x, n) => (n === i ? next : x))), i)}
          <div className="adm-repeat__tools">
            <Button onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={t('admin.block.moveItemUp', { item: itemLabel(i) })}>
              ↑
            </Button>
            <Button onClick={() => move(i, i + 1)} disabled={i === items.length - 1} aria-label={t('admin.block.moveItemDown', { item: itemLabel(i) })}>
              ↓
            </Button>
            <Button variant="danger" onClick={() => onChange(items.filter((_, n) => n !== i))} aria-label={t('admin.block.removeItem', { item: itemLabel(i) })}>
              {t('admin.block.remove')}
            </Button>
          </div>
        </fieldset>
      ))}
      <Button onClick={() => onChange([...items, create()])}>{addLabel}</Button>
    </fieldset>
  );
}

function useMedia(ids: number[]) {
  return useQuery({ queryKey: ['media.many', ids], queryFn: () => api('media.many', { ids }), enabled: ids.length > 0 });
}

/** One image from the library (with its alt text checked by the picker). */
export function MediaField({ label, value, onChange, error, optional = false }: { label: string; value: number | undefined; onChange: (v: number | undefined) => void; error?: string | undefined; optional?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const media = useMedia(value ? [value] : []);
  const m = value ? media.data?.[value] : undefined;
  return (
    <div className="adm-field adm-media-field" role="group" aria-label={label}>
      <span className="adm-field__label">{label}</span>
      {m ? (
        <div className="adm-media-field__current">
          <Thumb media={m} size={160} />
          <span>{m.alt}</span>
        </div>
      ) : value ? (
        <p className="adm-muted">#{value}</p>
      ) : (
        <p className="adm-muted">{t('admin.block.noImage')}</p>
      )}
      <div className="adm-actions">
        <Button onClick={() => setOpen(true)}>{value ? t('admin.block.changeImage') : t('admin.block.chooseImage')}</Button>
        {value && optional ? <Button onClick={() => onChange(undefined)}>{t('admin.block.removeImage')}</Button> : null}
      </div>
      {error ? <p className="adm-field__error">{error}</p> : null}
      <MediaPicker isOpen={open} onClose={() => setOpen(false)} title={t('admin.media.pickerTitle', { label })} confirmLabel={t('admin.media.choose')} onChoose={(items) => onChange(items[0]?.id)} initial={value ? [value] : []} />
    </div>
  );
}

function SortableThumb({ id, media, index, total, onMove, onRemove, label }: { id: number; media: Parameters<typeof Thumb>[0]['media'] | undefined; index: number; total: number; onMove: (to: number) => void; onRemove: () => void; label: string }) {
  const t = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li ref={setNodeRef} className={`adm-sortable${isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" className="adm-sortable__handle" {...attributes} {...listeners} aria-label={t('admin.block.dragImage', { name: label })}>
        {media ? <Thumb media={media} size={160} /> : <span>#{id}</span>}
      </button>
      <div className="adm-sortable__tools">
        <Button onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={t('admin.block.moveItemUp', { item: label })}>
          ←
        </Button>
        <Button onClick={() => onMove(index + 1)} disabled={index === total - 1} aria-label={t('admin.block.moveItemDown', { item: label })}>
          →
        </Button>
        <Button variant="danger" onClick={onRemove} aria-label={t('admin.block.removeItem', { item: label })}>
          ×
        </Button>
      </div>
    </li>
  );
}

/** Several images in order (galleries): add from the library, reorder by drag or buttons, remove. */
export function MediaListField({ label, value, onChange, error }: { label: string; value: number[]; onChange: (v: number[]) => void; error?: string | undefined }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const media = useMedia(value);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const end = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    onChange(arrayMove(value, value.indexOf(Number(e.active.id)), value.indexOf(Number(e.over.id))));
  };
  const name = (id: number, i: number) => t('admin.block.imageN', { n: i + 1, alt: media.data?.[id]?.alt ?? '' });
  return (
    <div className="adm-field adm-media-list" role="group" aria-label={label}>
      <span className="adm-field__label">{label}</span>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end} accessibility={dndAccessibility(t, value, (id) => name(Number(id), value.indexOf(Number(id))))}>
        <SortableContext items={value} strategy={rectSortingStrategy}>
          <ul className="adm-sortable-list">
            {value.map((id, i) => (
              <SortableThumb key={id} id={id} media={media.data?.[id]} index={i} total={value.length} label={name(id, i)} onMove={(to) => onChange(arrayMove(value, i, to))} onRemove={() => onChange(value.filter((x) => x !== id))} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {error ? <p className="adm-field__error">{error}</p> : null}
      <Button onClick={() => setOpen(true)}>{t('admin.block.addImages')}</Button>
      <MediaPicker isOpen={open} onClose={() => setOpen(false)} multiple title={t('admin.media.pickerTitleSeveral', { label })} confirmLabel={t('admin.media.chooseSeveral')} onChoose={(items) => onChange([...value, ...items.map((m) => m.id).filter((id) => !value.includes(id))])} />
    </div>
  );
}
