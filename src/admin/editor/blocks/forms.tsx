import { useQuery } from '@tanstack/react-query';
import type { Block, BlockType, Video } from '../../../features/post/blocks.ts';
import { api } from '../../shell/api.ts';
import { useT } from '../../shell/i18n.tsx';
import { Check, Choice, Lines, MediaField, MediaListField, Num, Repeat, Text, type Errors } from './fields.tsx';

/**
 * The form of each structured block. A form edits a draft (possibly incomplete while typing);
 * the block schema validates it when applied and its messages appear next to the fields.
 */
type BlockOf<K extends BlockType> = Extract<Block, { type: K }>;
type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [P in keyof T]?: DeepPartial<T[P]> } : T;
export type Draft<K extends BlockType> = DeepPartial<BlockOf<K>> & { type: K };
export interface BlockFormProps<K extends BlockType> {
  value: Draft<K>;
  onChange: (next: Draft<K>) => void;
  errors: Errors;
}

type VideoDraft = DeepPartial<Video>;

function VideoFields({ value, onChange, errors, prefix }: { value: VideoDraft | undefined; onChange: (v: VideoDraft) => void; errors: Errors; prefix: string }) {
  const t = useT();
  const v = value ?? {};
  const set = (patch: VideoDraft) => onChange({ ...v, ...patch });
  return (
    <>
      <Choice
        label={t('admin.block.f.provider')}
        value={v.provider ?? 'youtube'}
        options={[
          { value: 'youtube', label: 'YouTube' },
          { value: 'vimeo', label: 'Vimeo' },
          { value: 'local', label: t('admin.block.f.localFile') },
        ]}
        onChange={(provider) => set({ provider })}
        error={errors[`${prefix}provider`]}
      />
      {(v.provider ?? 'youtube') === 'local' ? (
        <Text label={t('admin.block.f.videoSrc')} hint={t('admin.block.f.videoSrcHint')} value={v.src} onChange={(src) => set({ src })} error={errors[`${prefix}src`]} />
      ) : (
        <Text label={t('admin.block.f.videoId')} hint={t('admin.block.f.videoIdHint')} value={v.id} onChange={(id) => set({ id })} error={errors[`${prefix}id`]} />
      )}
      <Text label={t('admin.block.f.title')} value={v.title} onChange={(title) => set({ title })} error={errors[`${prefix}title`]} />
      <Text label={t('admin.block.f.duration')} hint={t('admin.block.f.durationHint')} value={v.duration} onChange={(duration) => set({ duration })} error={errors[`${prefix}duration`]} />
      <MediaField label={t('admin.block.f.poster')} value={v.poster} onChange={(poster) => set({ poster })} error={errors[`${prefix}poster`]} optional />
    </>
  );
}

export function ImageForm({ value, onChange, errors }: BlockFormProps<'image'>) {
  const t = useT();
  return (
    <>
      <MediaField label={t('admin.block.f.image')} value={value.media} onChange={(media) => onChange({ ...value, media })} error={errors.media} />
      <Text label={t('admin.block.f.caption')} hint={t('admin.block.f.captionHint')} value={value.caption} onChange={(caption) => onChange({ ...value, caption: caption || undefined })} error={errors.caption} />
    </>
  );
}

export function GalleryForm({ value, onChange, errors }: BlockFormProps<'gallery'>) {
  const t = useT();
  return (
    <>
      <Choice
        label={t('admin.block.f.layout')}
        value={value.style ?? 'justified'}
        options={[
          { value: 'justified', label: t('admin.block.f.justified') },
          { value: 'masonry', label: t('admin.block.f.masonry') },
          { value: 'slider', label: t('admin.block.f.slider') },
        ]}
        onChange={(style) => onChange({ ...value, style })}
        error={errors.style}
      />
      <MediaListField label={t('admin.block.f.images')} value={(value.media ?? []).filter((x): x is number => typeof x === 'number')} onChange={(media) => onChange({ ...value, media })} error={errors.media} />
      <div className="adm-row">
        <Num label={t('admin.block.f.rowHeight')} value={value.rowHeight ?? 220} min={60} onChange={(rowHeight) => onChange({ ...value, rowHeight })} error={errors.rowHeight} />
        <Num label={t('admin.block.f.margin')} value={value.margin ?? 6} min={0} onChange={(margin) => onChange({ ...value, margin })} error={errors.margin} />
        <Num label={t('admin.block.f.columns')} value={value.columns ?? 7} min={1} onChange={(columns) => onChange({ ...value, columns })} error={errors.columns} />
      </div>
    </>
  );
}

export function VideoForm({ value, onChange, errors }: BlockFormProps<'video'>) {
  return <VideoFields value={value.video} onChange={(video) => onChange({ ...value, video })} errors={errors} prefix="video." />;
}

export function EmbedForm({ value, onChange, errors }: BlockFormProps<'embed'>) {
  const t = useT();
  return (
    <>
      <VideoFields value={value.video} onChange={(video) => onChange({ ...value, video })} errors={errors} prefix="video." />
      <Choice
        label={t('admin.block.f.ratio')}
        value={value.ratio ?? '16:9'}
        options={(['16:9', '4:3', '21:9', '1:1'] as const).map((r) => ({ value: r, label: r }))}
        onChange={(ratio) => onChange({ ...value, ratio })}
        error={errors.ratio}
      />
    </>
  );
}

export function PlaylistForm({ value, onChange, errors }: BlockFormProps<'playlist'>) {
  const t = useT();
  return (
    <>
      <Text label={t('admin.block.f.title')} value={value.title} onChange={(title) => onChange({ ...value, title })} error={errors.title} />
      <Repeat
        legend={t('admin.block.f.videos')}
        items={value.videos ?? []}
        onChange={(videos) => onChange({ ...value, videos })}
        create={(): VideoDraft => ({ provider: 'youtube', id: '', src: '', title: '', duration: '' })}
        itemLabel={(i) => t('admin.block.f.videoN', { n: i + 1 })}
        addLabel={t('admin.block.f.addVideo')}
        error={errors.videos}
        render={(v, set, i) => <VideoFields value={v} onChange={set} errors={errors} prefix={`videos.${i}.`} />}
      />
    </>
  );
}

export function MapForm({ value, onChange, errors }: BlockFormProps<'map'>) {
  const t = useT();
  const o = value.options ?? {};
  const set = (patch: typeof o) => onChange({ ...value, options: { ...o, ...patch } });
  const flags = ['map_pan', 'map_is_zoom', 'map_scale', 'map_street_view', 'map_rotate', 'map_overview', 'map_scrollwheel'] as const;
  return (
    <>
      <Text label={t('admin.block.f.title')} value={value.title} onChange={(title) => onChange({ ...value, title })} error={errors.title} />
      <Num label={t('admin.block.f.height')} value={value.height ?? 360} min={120} onChange={(height) => onChange({ ...value, height })} error={errors.height} />
      <Choice
        label={t('admin.block.f.mapUsing')}
        value={o.map_using ?? 'coordinates'}
        options={[
          { value: 'coordinates', label: t('admin.block.f.coordinates') },
          { value: 'address', label: t('admin.block.f.address') },
        ]}
        onChange={(map_using) => set({ map_using })}
      />
      {(o.map_using ?? 'coordinates') === 'coordinates' ? (
        <div className="adm-row">
          <Text label={t('admin.block.f.latitude')} value={o.latitude} onChange={(latitude) => set({ latitude })} error={errors['options.latitude']} />
          <Text label={t('admin.block.f.longitude')} value={o.longtitude} onChange={(longtitude) => set({ longtitude })} error={errors['options.longtitude']} />
        </div>
      ) : (
        <Text label={t('admin.block.f.address')} value={o.address} onChange={(address) => set({ address })} error={errors['options.address']} />
      )}
      <Num label={t('admin.block.f.zoom')} value={o.map_zoom ?? 13} min={1} max={20} onChange={(map_zoom) => set({ map_zoom })} error={errors['options.map_zoom']} />
      <Choice
        label={t('admin.block.f.mapType')}
        value={o.map_type ?? 'roadmap'}
        options={(['roadmap', 'satellite', 'hybrid', 'terrain'] as const).map((m) => ({ value: m, label: t(`admin.block.f.map.${m}`) }))}
        onChange={(map_type) => set({ map_type })}
      />
      <Text label={t('admin.block.f.markerTitle')} value={o.marker_title} onChange={(marker_title) => set({ marker_title })} />
      <Text label={t('admin.block.f.infoWindow')} value={o.info_window} onChange={(info_window) => set({ info_window })} multiline rows={2} />
      <fieldset className="adm-checks">
        <legend>{t('admin.block.f.mapControls')}</legend>
        {flags.map((f) => (
          <Check key={f} label={t(`admin.block.f.${f}`)} value={o[f] ?? (f === 'map_pan' || f === 'map_is_zoom' || f === 'map_scale')} onChange={(v) => set({ [f]: v })} {...(f === 'map_street_view' ? { hint: t('admin.block.f.map_street_viewHint') } : {})} />
        ))}
      </fieldset>
    </>
  );
}

export function ReviewForm({ value, onChange, errors }: BlockFormProps<'review'>) {
  const t = useT();
  return (
    <>
      <Text label={t('admin.block.f.title')} value={value.title} onChange={(title) => onChange({ ...value, title })} error={errors.title} />
      <Text label={t('admin.block.f.summary')} value={value.summary} onChange={(summary) => onChange({ ...value, summary })} error={errors.summary} multiline />
      <Repeat
        legend={t('admin.block.f.scores')}
        items={value.scores ?? []}
        onChange={(scores) => onChange({ ...value, scores })}
        create={() => ({ label: '', value: 5 })}
        itemLabel={(i) => t('admin.block.f.scoreN', { n: i + 1 })}
        addLabel={t('admin.block.f.addScore')}
        error={errors.scores}
        render={(s, set, i) => (
          <div className="adm-row">
            <Text label={t('admin.block.f.label')} value={s.label} onChange={(label) => set({ ...s, label })} error={errors[`scores.${i}.label`]} />
            <Num label={t('admin.block.f.scoreOutOf10')} value={s.value} step={0.1} min={0} max={10} onChange={(v) => set({ ...s, value: v })} error={errors[`scores.${i}.value`]} />
          </div>
        )}
      />
      <Lines label={t('admin.block.f.pros')} value={value.pros as string[] | undefined} onChange={(pros) => onChange({ ...value, pros })} error={errors.pros} />
      <Lines label={t('admin.block.f.cons')} value={value.cons as string[] | undefined} onChange={(cons) => onChange({ ...value, cons })} error={errors.cons} />
      <Text label={t('admin.block.f.verdict')} value={value.verdict} onChange={(verdict) => onChange({ ...value, verdict })} error={errors.verdict} multiline />
      <Repeat
        legend={t('admin.block.f.counters')}
        items={value.counters ?? []}
        onChange={(counters) => onChange({ ...value, counters })}
        create={() => ({ label: '', value: 0 })}
        itemLabel={(i) => t('admin.block.f.counterN', { n: i + 1 })}
        addLabel={t('admin.block.f.addCounter')}
        render={(c, set, i) => (
          <div className="adm-row">
            <Text label={t('admin.block.f.label')} value={c.label} onChange={(label) => set({ ...c, label })} error={errors[`counters.${i}.label`]} />
            <Num label={t('admin.block.f.value')} value={c.value} min={0} onChange={(v) => set({ ...c, value: v })} error={errors[`counters.${i}.value`]} />
            <Text label={t('admin.block.f.suffix')} value={c.suffix} onChange={(suffix) => set({ ...c, suffix: suffix || undefined })} />
          </div>
        )}
      />
    </>
  );
}

export function RecipeForm({ value, onChange, errors }: BlockFormProps<'recipe'>) {
  const t = useT();
  return (
    <>
      <Text label={t('admin.block.f.name')} value={value.name} onChange={(name) => onChange({ ...value, name })} error={errors.name} />
      <Text label={t('admin.block.f.description')} value={value.description} onChange={(description) => onChange({ ...value, description })} error={errors.description} multiline />
      <div className="adm-row">
        <Num label={t('admin.block.f.prepTime')} value={value.prepTime} min={0} onChange={(prepTime) => onChange({ ...value, prepTime })} error={errors.prepTime} />
        <Num label={t('admin.block.f.cookTime')} value={value.cookTime} min={0} onChange={(cookTime) => onChange({ ...value, cookTime })} error={errors.cookTime} />
        <Num label={t('recipe.servings')} value={value.servings} min={1} onChange={(servings) => onChange({ ...value, servings })} error={errors.servings} />
        <Num label={t('recipe.calories')} value={value.calories} min={0} onChange={(calories) => onChange({ ...value, calories })} error={errors.calories} />
      </div>
      <Lines label={t('recipe.ingredients')} value={value.ingredients as string[] | undefined} onChange={(ingredients) => onChange({ ...value, ingredients })} error={errors.ingredients} />
      <Lines label={t('recipe.steps')} value={value.steps as string[] | undefined} onChange={(steps) => onChange({ ...value, steps })} error={errors.steps} />
      <MediaField label={t('admin.block.f.image')} value={value.media} onChange={(media) => onChange({ ...value, media })} error={errors.media} optional />
    </>
  );
}

export function SmartListForm({ value, onChange, errors }: BlockFormProps<'smartlist'>) {
  const t = useT();
  return (
    <Repeat
      legend={t('admin.block.f.listItems')}
      items={value.items ?? []}
      onChange={(items) => onChange({ ...value, items })}
      create={() => ({ title: '', anchor: '', html: '' })}
      itemLabel={(i) => t('admin.block.f.itemN', { n: i + 1 })}
      addLabel={t('admin.block.f.addItem')}
      error={errors.items}
      render={(item, set, i) => (
        <>
          <Text label={t('admin.block.f.title')} value={item.title} onChange={(title) => set({ ...item, title })} error={errors[`items.${i}.title`]} />
          <Text label={t('admin.block.f.anchor')} hint={t('admin.block.f.anchorHint')} value={item.anchor} onChange={(anchor) => set({ ...item, anchor })} error={errors[`items.${i}.anchor`]} />
          <Text label={t('admin.block.f.text')} hint={t('admin.block.f.inlineHtmlHint')} value={item.html} onChange={(html) => set({ ...item, html })} error={errors[`items.${i}.html`]} multiline />
          <MediaField label={t('admin.block.f.image')} value={item.media} onChange={(media) => set({ ...item, media })} optional />
        </>
      )}
    />
  );
}

export function TocForm({ value, onChange, errors }: BlockFormProps<'toc'>) {
  const t = useT();
  return <Text label={t('admin.block.f.title')} hint={t('admin.block.f.tocHint')} value={value.title} onChange={(title) => onChange({ ...value, title: title || undefined })} error={errors.title} />;
}

export function HtmlForm({ value, onChange, errors }: BlockFormProps<'html'>) {
  const t = useT();
  return <Text label={t('admin.block.f.html')} hint={t('admin.block.f.htmlHint')} value={value.html} onChange={(html) => onChange({ ...value, html })} error={errors.html} multiline rows={10} />;
}

export function RelatedPopupForm() {
  const t = useT();
  return <p>{t('admin.block.f.relatedPopupHint')}</p>;
}

export function ContactFormForm({ value, onChange, errors }: BlockFormProps<'contact-form'>) {
  const t = useT();
  const choices = useQuery({ queryKey: ['items.choices'], queryFn: () => api('items.choices', {}) });
  const forms = choices.data?.forms ?? [];
  return (
    <Choice
      label={t('admin.block.f.form')}
      value={value.formId ?? 0}
      options={[{ value: 0, label: t('admin.block.f.chooseForm') }, ...forms.map((f) => ({ value: f.id, label: `${f.title} (#${f.id})` }))]}
      onChange={(formId) => onChange({ ...value, formId: formId || undefined })}
      error={errors.formId}
    />
  );
}

export function CoverForm({ value, onChange, errors }: BlockFormProps<'cover'>) {
  const t = useT();
  return (
    <>
      <MediaField label={t('admin.block.f.image')} value={value.media} onChange={(media) => onChange({ ...value, media })} error={errors.media} />
      <Text label={t('admin.block.f.heading')} value={value.heading} onChange={(heading) => onChange({ ...value, heading })} error={errors.heading} />
      <Text label={t('admin.block.f.text')} value={value.text ?? ''} onChange={(text) => onChange({ ...value, text })} error={errors.text} multiline />
      <div className="adm-row">
        <Text label={t('admin.block.f.link')} hint={t('admin.block.f.linkHint')} value={value.link ?? ''} onChange={(link) => onChange({ ...value, link })} error={errors.link} />
        <Text label={t('admin.block.f.linkLabel')} hint={t('admin.block.f.linkLabelHint')} value={value.linkLabel ?? ''} onChange={(linkLabel) => onChange({ ...value, linkLabel })} error={errors.linkLabel} />
      </div>
    </>
  );
}

export function ParallaxForm({ value, onChange, errors }: BlockFormProps<'parallax'>) {
  const t = useT();
  return (
    <>
      <MediaField label={t('admin.block.f.image')} value={value.media} onChange={(media) => onChange({ ...value, media })} error={errors.media} />
      <Text label={t('admin.block.f.heading')} value={value.heading} onChange={(heading) => onChange({ ...value, heading })} error={errors.heading} />
      <Text label={t('admin.block.f.text')} value={value.text} onChange={(text) => onChange({ ...value, text })} error={errors.text} multiline />
      <div className="adm-row">
        <Num label={t('admin.block.f.speed')} hint={t('admin.block.f.speedHint')} value={value.speed ?? 0.5} step={0.1} min={-1} max={2} onChange={(speed) => onChange({ ...value, speed })} error={errors.speed} />
        <Choice
          label={t('admin.block.f.effect')}
          value={value.parallaxType ?? 'scroll'}
          options={(['scroll', 'scale', 'opacity', 'scroll-opacity', 'scale-opacity'] as const).map((p) => ({ value: p, label: t(`admin.block.f.effect.${p}`) }))}
          onChange={(parallaxType) => onChange({ ...value, parallaxType })}
        />
      </div>
      <Text label={t('admin.block.f.videoBackground')} hint={t('admin.block.f.videoBackgroundHint')} value={value.video ?? ''} onChange={(video) => onChange({ ...value, video })} error={errors.video} />
    </>
  );
}
