import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { settingsKeys, type Settings, type SettingsKey } from '../../features/site/settings.ts';
import { api, ApiError } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { Link } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { Button, CheckboxField, Loading, Notice, SelectField, TextArea, TextField } from '../shell/ui.tsx';
import type { ScreenProps } from '../shell/routes.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { TextRulesEditor } from './TextRulesEditor.tsx';
import { HomeBlocksEditor } from './HomeBlocksEditor.tsx';

/**
 * One screen per settings key (features/site/settings.ts). The draft is checked with the same zod
 * schema the server validates with, before sending and again on the server; every error is shown
 * next to its field and nothing is stored until all are fixed. Saving bumps the content version,
 * so the next page view of the site uses the new values.
 */
export const settingsTabs: SettingsKey[] = ['site', 'home', 'cookieNotice', 'gdprNotice', 'textRules', 'analytics', 'theme'];

export type Errors = Record<string, string>;

/** Field layout of the plain keys: the kind of input and, for choices, the options' label keys. */
type FieldSpec = { name: string; kind: 'text' | 'textarea' | 'number' | 'check' | 'select' | 'url'; options?: [string, MessageKey][]; hint?: MessageKey };
const plain: Partial<Record<SettingsKey, FieldSpec[]>> = {
  site: [
    { name: 'title', kind: 'text' },
    { name: 'tagline', kind: 'text' },
    { name: 'copyright', kind: 'text' },
    { name: 'postsPerPage', kind: 'number' },
    { name: 'locale', kind: 'text' },
    { name: 'dir', kind: 'select', options: [['ltr', 'admin.settings.dir.ltr'], ['rtl', 'admin.settings.dir.rtl']] },
  ],
  cookieNotice: [
    { name: 'enabled', kind: 'check' },
    { name: 'text', kind: 'textarea', hint: 'admin.settings.cookieNotice.textHint' },
    { name: 'privacyUrl', kind: 'text' },
    { name: 'revoke', kind: 'select', options: [['automatic', 'admin.settings.revoke.automatic'], ['manual', 'admin.settings.revoke.manual'], ['off', 'admin.settings.revoke.off']] },
    { name: 'hideEffect', kind: 'select', options: [['none', 'admin.settings.effect.none'], ['fade', 'admin.settings.effect.fade'], ['slide', 'admin.settings.effect.slide']] },
    { name: 'cookieName', kind: 'text' },
    { name: 'acceptedLifetime', kind: 'number' },
    { name: 'rejectedLifetime', kind: 'number' },
    { name: 'globalCookie', kind: 'check' },
    { name: 'onScroll', kind: 'check', hint: 'admin.settings.consentHint' },
    { name: 'onScrollOffset', kind: 'number' },
    { name: 'onClick', kind: 'check', hint: 'admin.settings.consentHint' },
    { name: 'redirection', kind: 'check' },
    { name: 'cache', kind: 'check' },
  ],
  gdprNotice: [
    { name: 'enabled', kind: 'check' },
    { name: 'text', kind: 'textarea', hint: 'admin.settings.cookieNotice.textHint' },
    { name: 'privacyUrl', kind: 'text' },
  ],
  analytics: [{ name: 'key', kind: 'text', hint: 'admin.settings.analytics.keyHint' }],
  theme: [
    { name: 'headerSearch', kind: 'select', options: [['overlay', 'admin.settings.search.overlay'], ['showup', 'admin.settings.search.showup']] },
    { name: 'stickyHeader', kind: 'check' },
    { name: 'portfolioPerPage', kind: 'number' },
    { name: 'portfolioPagination', kind: 'select', options: [['load-more', 'admin.settings.paging.load-more'], ['infinite', 'admin.settings.paging.infinite']] },
    { name: 'infiniteScroll', kind: 'check' },
    { name: 'fontSizeControl', kind: 'check' },
    { name: 'embedYouTube', kind: 'check', hint: 'admin.settings.theme.embedHint' },
    { name: 'embedVimeo', kind: 'check', hint: 'admin.settings.theme.embedHint' },
    { name: 'mapTileUrl', kind: 'url', hint: 'admin.settings.theme.mapTileUrlHint' },
    { name: 'mapAttribution', kind: 'text' },
    { name: 'mapSatelliteTileUrl', kind: 'url', hint: 'admin.settings.theme.mapTileUrlHint' },
    { name: 'mapSatelliteAttribution', kind: 'text' },
    { name: 'mapHybridTileUrl', kind: 'url', hint: 'admin.settings.theme.mapTileUrlHint' },
    { name: 'mapHybridLabelsUrl', kind: 'url', hint: 'admin.settings.theme.mapHybridLabelsUrlHint' },
    { name: 'mapHybridAttribution', kind: 'text' },
    { name: 'mapTerrainTileUrl', kind: 'url', hint: 'admin.settings.theme.mapTileUrlHint' },
    { name: 'mapTerrainAttribution', kind: 'text' },
    { name: 'geocoderUrl', kind: 'url', hint: 'admin.settings.theme.geocoderUrlHint' },
    { name: 'imageHosts', kind: 'textarea', hint: 'admin.settings.theme.imageHostsHint' },
  ],
};

/** zod issues as `a.b.0.c → message`, the first one per field. */
export function issuesToErrors(error: z.ZodError | undefined): Errors {
  const out: Errors = {};
  for (const issue of error?.issues ?? []) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

function PlainFields({ settingsKey, value, onChange, errors }: { settingsKey: SettingsKey; value: Record<string, unknown>; onChange: (v: Record<string, unknown>) => void; errors: Errors }) {
  const t = useT();
  const set = (name: string, v: unknown) => onChange({ ...value, [name]: v });
  return (
    <>
      {(plain[settingsKey] ?? []).map((f) => {
        const label = t(`admin.settings.${settingsKey}.${f.name}` as MessageKey);
        const common = { label, error: errors[f.name], hint: f.hint ? t(f.hint) : undefined, name: f.name };
        const v = value[f.name];
        if (f.kind === 'check') return <CheckboxField key={f.name} {...common} checked={v === true} onChange={(e) => set(f.name, e.target.checked)} />;
        if (f.kind === 'select') return <SelectField key={f.name} {...common} value={String(v ?? '')} onChange={(e) => set(f.name, e.target.value)} options={(f.options ?? []).map(([o, k]) => ({ value: o, label: t(k) }))} />;
        if (f.kind === 'textarea') return <TextArea key={f.name} {...common} rows={3} value={String(v ?? '')} onChange={(e) => set(f.name, e.target.value)} />;
        if (f.kind === 'number')
          return <TextField key={f.name} {...common} type="number" inputMode="numeric" value={typeof v === 'number' && !Number.isNaN(v) ? String(v) : ''} onChange={(e) => set(f.name, e.target.value === '' ? Number.NaN : Number(e.target.value))} />;
        return <TextField key={f.name} {...common} type="text" inputMode={f.kind === 'url' ? 'url' : undefined} spellCheck={f.kind === 'url' ? false : undefined} value={String(v ?? '')} onChange={(e) => set(f.name, e.target.value)} />;
      })}
    </>
  );
}

function SettingsForm<K extends SettingsKey>({ settingsKey, initial }: { settingsKey: K; initial: Settings[K] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Settings[K]>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => setDraft(initial), [initial]);
  const save = useMutation({
    mutationFn: (value: Settings[K]) => api('settings.save', { key: settingsKey, value } as never),
    onSuccess: (answer) => {
      setErrors({});
      setSaved(true);
      queryClient.setQueryData(['settings.get', settingsKey], answer);
      announce(t('admin.settings.saved'));
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^value\./, ''), v])));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const checked = (settingsKeys[settingsKey] as z.ZodType).safeParse(draft);
    if (!checked.success) {
      setErrors(issuesToErrors(checked.error));
      announce(t('admin.settings.fixErrors'));
      return;
    }
    setErrors({});
    save.mutate(draft);
  };
  const change = (v: unknown) => {
    setSaved(false);
    setDraft(v as Settings[K]);
  };
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form className="adm-form adm-panel adm-settings-form" onSubmit={submit} noValidate aria-labelledby="settings-title">
      {settingsKey === 'textRules' ? (
        <TextRulesEditor value={draft as Settings['textRules']} onChange={change} errors={errors} />
      ) : settingsKey === 'home' ? (
        <HomeBlocksEditor value={draft as Settings['home']} onChange={change} errors={errors} />
      ) : (
        <PlainFields settingsKey={settingsKey} value={draft as Record<string, unknown>} onChange={change} errors={errors} />
      )}
      {hasErrors ? <Notice tone="error">{t('admin.settings.fixErrors')}</Notice> : null}
      {save.error && !(save.error instanceof ApiError && Object.keys(save.error.fields).length) ? <Notice tone="error">{save.error.message}</Notice> : null}
      {saved ? <Notice tone="success">{t('admin.settings.saved')}</Notice> : null}
      <div className="adm-actions">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}

export default function SettingsScreen({ params }: ScreenProps) {
  const t = useT();
  const key = (settingsTabs.includes(params.key as SettingsKey) ? params.key : 'site') as SettingsKey;
  const query = useQuery({ queryKey: ['settings.get', key], queryFn: () => api('settings.get', { key }) });
  return (
    <div className="adm-screen">
      <h1 tabIndex={-1} id="settings-title">
        {t('admin.nav.settings')}: {t(`admin.settings.tab.${key}` as MessageKey)}
      </h1>
      <nav className="adm-status-tabs" aria-label={t('admin.settings.sections')}>
        <ul>
          {settingsTabs.map((k) => (
            <li key={k}>
              <Link to={k === 'site' ? '/admin/settings/' : `/admin/settings/${k}/`} aria-current={k === key ? 'page' : undefined}>
                {t(`admin.settings.tab.${k}` as MessageKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {query.isPending ? <Loading /> : null}
      {query.error ? <Notice tone="error">{query.error.message}</Notice> : null}
      {query.data ? <SettingsForm key={key} settingsKey={key} initial={query.data.value as Settings[typeof key]} /> : null}
    </div>
  );
}
