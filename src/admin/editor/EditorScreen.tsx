import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Block } from '../../features/post/blocks.ts';
import { emptyFields, type ContentFields, type EditableItem, type RevisionDetail } from '../../features/content/fields.ts';
import { hasPublicAddress, type ContentKind } from '../../features/content/status.ts';
import { slugify } from '../../features/content/slug.ts';
import { canPublish } from '../../features/accounts/permissions.ts';
import { api, ApiError, type ActionResult } from '../shell/api.ts';
import { useT, formatDateTime } from '../shell/i18n.tsx';
import { useBoot } from '../shell/boot.tsx';
import { navigate, useLocation } from '../shell/router.tsx';
import { kindOfPath, type ScreenProps } from '../shell/routes.tsx';
import { announce } from '../shell/announce.tsx';
import { Button, Loading, Notice, SelectField, StatusBadge } from '../shell/ui.tsx';
import { BlockEditor, type BlockEditorHandle } from './BlockEditor.tsx';
import { FieldsPanel } from './FieldsPanel.tsx';
import { RevisionsDialog } from './Revisions.tsx';
import { ConflictDialog, type ConflictInfo } from './Conflict.tsx';
import { draftKey, dropDraft, readDraft, sameFields, writeDraft, type LocalDraft } from './persistence.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The editor of a post, page or portfolio item. Writing is never lost:
 *   - every change is copied to this device (IndexedDB) within half a second, and when the tab is
 *     hidden; a reload or a crashed tab offers that copy back;
 *   - a few seconds after typing stops (and when the tab is hidden) it autosaves to the server: a
 *     draft is saved (one coalesced revision), a published item keeps the autosave aside until
 *     "Update", so readers never see work in progress;
 *   - every save names the revision it was based on; if someone saved in between, a conflict
 *     screen offers to keep this version or load theirs, and shows the differences.
 */
const segment = (kind: ContentKind) => (kind === 'portfolio' ? 'portfolio' : kind === 'page' ? 'pages' : 'posts');
const LOCAL_DELAY = 400;
const AUTOSAVE_DELAY = 3000;

export default function EditorScreen({ params }: ScreenProps) {
  const { pathname } = useLocation();
  const routeKind = kindOfPath(pathname);
  const id = params.id ? Number(params.id) : null;
  const created = useRef<number | null>(null);
  const [session, setSession] = useState<number | 'new'>(id ?? 'new');
  useEffect(() => {
    const next = id ?? 'new';
    if (next === session) return;
    if (id !== null && created.current === id) return; // our own first save: same writing session
    created.current = null;
    setSession(next);
  }, [id, session]);
  return (
    <EditorLoader
      key={`${routeKind}:${session}`}
      routeKind={routeKind}
      id={session === 'new' ? null : session}
      onCreated={(item) => {
        created.current = item.id;
        navigate(`/admin/${segment(routeKind)}/${item.id}/`, { replace: true });
      }}
    />
  );
}

function EditorLoader({ routeKind, id, onCreated }: { routeKind: ContentKind; id: number | null; onCreated: (item: EditableItem) => void }) {
  const t = useT();
  const { user } = useBoot();
  const loaded = useQuery({ queryKey: ['items.get', routeKind, id], queryFn: () => api('items.get', { kind: routeKind === 'post' ? null : routeKind, id: id! }), enabled: id !== null, staleTime: Infinity, gcTime: 0 });
  const kind = loaded.data?.item.kind ?? routeKind;
  const key = draftKey(user.id, kind, id ?? 'new');
  const local = useQuery({ queryKey: ['local-draft', key], queryFn: () => readDraft(key), staleTime: Infinity, gcTime: 0, enabled: id === null || !!loaded.data });
  if (loaded.error) {
    return (
      <div className="adm-screen">
        <h1 tabIndex={-1}>{t('admin.editor.edit')}</h1>
        <Notice tone="error">{loaded.error.message}</Notice>
      </div>
    );
  }
  if ((id !== null && !loaded.data) || local.isPending) return <Loading />;
  return <EditorSession kind={kind} initial={loaded.data?.item ?? null} pending={loaded.data?.pending ?? null} local={local.data ?? null} onCreated={onCreated} />;
}

type SaveState = 'clean' | 'dirty' | 'local' | 'saving' | 'saved' | 'autosaved' | 'offline' | 'error';
type Action = 'autosave' | 'save' | 'publish' | 'schedule' | 'submit' | 'unpublish';
type ItemResult = ActionResult<'items.save'>;

function EditorSession({ kind, initial, pending, local, onCreated }: { kind: ContentKind; initial: EditableItem | null; pending: RevisionDetail | null; local: LocalDraft | null; onCreated: (item: EditableItem) => void }) {
  const t = useT();
  const { user } = useBoot();
  const queryClient = useQueryClient();
  const [item, setItem] = useState<EditableItem | null>(initial);
  const [fields, setFields] = useState<ContentFields>(() => initial?.fields ?? { ...emptyFields(), authorId: user.id });
  const [saveState, setSaveState] = useState<SaveState>('clean');
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'warning' | 'info'; text: string; link?: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [visibility, setVisibility] = useState<'public' | 'private'>(initial?.status === 'private' ? 'private' : 'public');
  const [recovery, setRecovery] = useState<{ source: 'local' | 'server'; fields: ContentFields; savedAt: string; baseRevision: number | null } | null>(() => {
    const server = initial?.fields ?? null;
    if (local && (!server || !sameFields(local.fields, server))) return { source: 'local', fields: local.fields, savedAt: local.savedAt, baseRevision: local.baseRevision };
    if (pending) return { source: 'server', fields: pending.fields, savedAt: pending.createdAt, baseRevision: initial?.revision ?? null };
    return null;
  });
  const slugFromTitle = (f: ContentFields) => !!f.slug && new RegExp(`^${slugify(f.title) || 'untitled'}(-\\d+)?$`).test(f.slug);
  const [slugTouched, setSlugTouched] = useState(() => !!initial && (hasPublicAddress(initial.status) || !slugFromTitle(initial.fields)));

  const handle = useRef<BlockEditorHandle | null>(null);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const itemRef = useRef(item);
  itemRef.current = item;
  const baseRevision = useRef<number | null>(initial?.revision ?? null);
  const lastSaved = useRef<string>(initial ? JSON.stringify(initial.fields) : JSON.stringify({ ...emptyFields(), authorId: user.id }));
  const dirty = useRef(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timers = useRef<{ local?: number; server?: number }>({});
  const conflictRef = useRef(conflict);
  conflictRef.current = conflict;
  const keyOf = () => draftKey(user.id, itemRef.current?.kind ?? kind, itemRef.current?.id ?? 'new');

  const collect = useCallback((): ContentFields => ({ ...fieldsRef.current, blocks: handle.current?.blocks() ?? fieldsRef.current.blocks }), []);

  const keepLocally = useCallback(async () => {
    const f = collect();
    if (JSON.stringify(f) === lastSaved.current) return;
    const ok = await writeDraft(keyOf(), { fields: f, baseRevision: baseRevision.current, savedAt: new Date().toISOString() });
    setSaveState((s) => (s === 'dirty' && ok ? 'local' : s));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collect]);

  const fieldErrors = (err: ApiError): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(err.fields)) out[k.replace(/^fields\./, '').split('.')[0] === 'blocks' ? 'blocks' : k.replace(/^fields\./, '')] ??= v;
    if (err.field) out[err.field.replace(/^fields\./, '')] ??= err.message;
    return out;
  };

  const showConflict = useCallback(async () => {
    const current = itemRef.current;
    if (!current) return;
    try {
      const [latest, revisions] = await Promise.all([api('items.get', { kind: current.kind, id: current.id }), api('items.revisions', { kind: current.kind, id: current.id })]);
      setConflict({ theirs: latest.item, savedBy: revisions[0]?.authorName ?? '', savedAt: revisions[0]?.createdAt ?? latest.item.updatedAt });
    } catch (err) {
      setMessage({ tone: 'error', text: (err as Error).message });
    }
  }, []);

  /** One server call at a time, in order; each based on the latest revision known. */
  const send = useCallback(
    (action: Action, opts: { keepalive?: boolean; silent?: boolean } = {}): Promise<boolean> => {
      const run = async (): Promise<boolean> => {
        if (conflictRef.current && action === 'autosave') return false;
        const f = collect();
        const sent = JSON.stringify(f);
        if (action === 'autosave' && (sent === lastSaved.current || !dirty.current)) return true;
        setSaveState('saving');
        try {
          let current = itemRef.current;
          if (!current) {
            current = await api('items.create', { kind, fields: f });
            baseRevision.current = current.revision;
            const oldKey = keyOf();
            itemRef.current = current;
            setItem(current);
            void dropDraft(oldKey);
            onCreated(current);
            if (action === 'autosave' || action === 'save') {
              lastSaved.current = JSON.stringify(current.fields);
              afterSave(current, f, action);
              return true;
            }
          }
          const target = { kind: current.kind, id: current.id, revision: baseRevision.current ?? current.revision };
          let result: ItemResult;
          let applied = true;
          switch (action) {
            case 'autosave': {
              const r = await api('items.autosave', { ...target, fields: f }, opts.keepalive ? { keepalive: true } : {});
              result = r.item;
              applied = r.applied;
              break;
            }
            case 'save':
              // a live item whose visibility was switched is published again with the new one
              result =
                (current.status === 'publish' || current.status === 'private') && (visibility === 'private') !== (current.status === 'private')
                  ? await api('items.publish', { ...target, fields: f, visibility })
                  : await api('items.save', { ...target, fields: f });
              break;
            case 'publish':
              result = await api('items.publish', { ...target, fields: f, visibility });
              break;
            case 'schedule':
              result = await api('items.schedule', { ...target, fields: f });
              break;
            case 'submit':
              result = await api('items.submit', { ...target, fields: f });
              break;
            case 'unpublish':
              result = await api('items.unpublish', target);
              break;
          }
          if (applied) {
            baseRevision.current = result.revision;
            lastSaved.current = JSON.stringify(result.fields);
            setItem(result);
            itemRef.current = result;
            // the server's cleaned values (slug, sanitised text) without disturbing typing
            setFields((cur) => ({ ...cur, slug: result.fields.slug, date: result.fields.date, tags: result.fields.tags }));
          } else {
            lastSaved.current = sent;
          }
          afterSave(result, f, action, applied);
          return true;
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          if (err.code === 'conflict') {
            setSaveState('error');
            await showConflict();
          } else if (err.status === 0 || err.status === 401) {
            setSaveState('offline');
            if (!opts.silent) setMessage({ tone: 'warning', text: err.message });
          } else {
            setSaveState('error');
            const fe = fieldErrors(err);
            setErrors(fe);
            setMessage({ tone: 'error', text: Object.keys(fe).length ? t('admin.editor.fixFields') : err.message });
            if (fe.title) document.getElementById('adm-title')?.focus();
          }
          return false;
        }
      };
      const next = queue.current.then(run, run);
      queue.current = next.catch(() => undefined);
      return next;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [collect, kind, visibility],
  );

  function afterSave(result: EditableItem, sentFields: ContentFields, action: Action, applied = true) {
    setErrors({});
    const now = JSON.stringify(collect());
    dirty.current = now !== JSON.stringify(sentFields);
    if (!dirty.current) void dropDraft(draftKey(user.id, result.kind, result.id));
    void queryClient.invalidateQueries({ queryKey: ['items.list'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard.summary'] });
    const state: SaveState = dirty.current ? 'dirty' : action === 'autosave' ? (applied ? 'saved' : 'autosaved') : 'saved';
    setSaveState(state);
    if (action === 'autosave') return;
    const label = t(kindLabel[result.kind]);
    const texts: Record<Exclude<Action, 'autosave'>, MessageKey> = {
      save: result.status === 'publish' ? 'admin.editor.updated' : result.status === 'private' ? 'admin.editor.publishedPrivate' : result.status === 'future' ? 'admin.editor.scheduled' : 'admin.editor.savedDraft',
      publish: result.status === 'private' ? 'admin.editor.publishedPrivate' : 'admin.editor.published',
      schedule: 'admin.editor.scheduled',
      submit: 'admin.editor.submitted',
      unpublish: 'admin.editor.unpublished',
    };
    const text = t(texts[action], { kind: label, date: formatDateTime(result.publishedAt) });
    // the notice is a live region itself: no second announcement
    setMessage({ tone: 'success', text, ...(result.status === 'publish' ? { link: result.url } : {}) });
  }

  // changes: keep locally soon, autosave after a pause
  const onChange = useCallback(() => {
    dirty.current = true;
    setSaveState((s) => (s === 'saving' ? s : 'dirty'));
    window.clearTimeout(timers.current.local);
    window.clearTimeout(timers.current.server);
    timers.current.local = window.setTimeout(() => void keepLocally(), LOCAL_DELAY);
    timers.current.server = window.setTimeout(() => void send('autosave', { silent: true }), AUTOSAVE_DELAY);
  }, [keepLocally, send]);

  const set = (patch: Partial<ContentFields>) => {
    setFields((f) => {
      const next = { ...f, ...patch };
      // While unpublished, the address follows the title until the slug is edited by hand.
      if (patch.title !== undefined && !slugTouched && !(itemRef.current && hasPublicAddress(itemRef.current.status))) next.slug = '';
      fieldsRef.current = next;
      return next;
    });
    onChange();
  };

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState !== 'hidden' || !dirty.current) return;
      void keepLocally();
      void send('autosave', { keepalive: true, silent: true });
    };
    const online = () => dirty.current && void send('autosave', { silent: true });
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('online', online);
    window.addEventListener('pagehide', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', hidden);
      window.clearTimeout(timers.current.local);
      window.clearTimeout(timers.current.server);
      if (dirty.current) {
        void keepLocally();
        void send('autosave', { silent: true });
      }
    };
  }, [keepLocally, send]);

  // Ctrl/Cmd+S saves
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void send('save');
      }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [send]);

  const load = (f: ContentFields, base: number | null) => {
    setFields(f);
    fieldsRef.current = f;
    handle.current?.setBlocks(f.blocks as Block[]);
    baseRevision.current = base;
  };

  const restoreRecovery = () => {
    if (!recovery) return;
    load(recovery.fields, recovery.baseRevision ?? baseRevision.current);
    setSlugTouched(true);
    setRecovery(null);
    onChange();
    announce(t('admin.editor.recovered'));
  };
  const discardRecovery = () => {
    if (recovery?.source === 'local') void dropDraft(keyOf());
    setRecovery(null);
  };

  const preview = async () => {
    const current = itemRef.current;
    const win = window.open('', 'masthead-preview');
    dirty.current = true;
    const ok = await send('autosave');
    const saved = itemRef.current ?? current;
    if (!ok || !saved) {
      win?.close();
      return;
    }
    const url = `/admin/preview/${saved.kind === 'portfolio' ? 'portfolio' : 'post'}/${saved.id}/`;
    if (win) win.location.href = url;
    else window.location.href = url;
  };

  const trash = async () => {
    const current = itemRef.current;
    if (!current) return;
    try {
      await api('items.trash', { kind: current.kind, id: current.id });
      dirty.current = false;
      void dropDraft(keyOf());
      announce(t('admin.list.trashed', { title: current.fields.title || t('admin.untitled') }));
      void queryClient.invalidateQueries({ queryKey: ['items.list'] });
      navigate(`/admin/${segment(current.kind)}/`);
    } catch (err) {
      setMessage({ tone: 'error', text: (err as Error).message });
    }
  };
  const restoreFromTrash = async () => {
    const current = itemRef.current;
    if (!current) return;
    try {
      const r = await api('items.restore', { kind: current.kind, id: current.id });
      setItem(r);
      itemRef.current = r;
      baseRevision.current = r.revision;
      lastSaved.current = JSON.stringify(r.fields);
      announce(t('admin.list.restored', { title: r.fields.title || t('admin.untitled') }));
    } catch (err) {
      setMessage({ tone: 'error', text: (err as Error).message });
    }
  };

  const onReady = useCallback((h: BlockEditorHandle) => {
    handle.current = h;
  }, []);

  const status = item?.status ?? 'draft';
  const live = status === 'publish' || status === 'private';
  const scheduled = status === 'future';
  const trashed = status === 'trash';
  const publisher = canPublish(user, { kind, authorId: item?.fields.authorId ?? user.id, status });
  const label = t(kindLabel[kind]);
  const stateText: Record<SaveState, string> = {
    clean: item ? t('admin.editor.state.clean') : '',
    dirty: t('admin.editor.state.dirty'),
    local: t('admin.editor.state.local'),
    saving: t('admin.editor.state.saving'),
    saved: t('admin.editor.state.saved'),
    autosaved: t('admin.editor.state.autosaved'),
    offline: t('admin.editor.state.offline'),
    error: t('admin.editor.state.error'),
  };
  const title = item ? t('admin.editor.editKind', { kind: label }) : t(newLabel[kind]);

  return (
    <div className="adm-editor-screen">
      <div className="adm-editor-head">
        <div className="adm-editor-head__title">
          <h1 tabIndex={-1}>{title}</h1>
          <StatusBadge status={status} />
          {scheduled && item ? <span className="adm-muted">{t('admin.editor.willPublish', { date: formatDateTime(item.publishedAt) })}</span> : null}
          <span className="adm-save-state" role="status" aria-live="polite">
            {stateText[saveState]}
          </span>
        </div>
        {trashed ? (
          <div className="adm-actions">
            <Button variant="primary" onClick={() => void restoreFromTrash()}>
              {t('admin.list.restore')}
            </Button>
          </div>
        ) : (
          <div className="adm-actions adm-editor-actions">
            {live || scheduled ? (
              <Button variant="primary" onClick={() => void send('save')}>
                {t('admin.editor.update')}
              </Button>
            ) : (
              <Button onClick={() => void send('save')}>{t('admin.editor.saveDraft')}</Button>
            )}
            <Button onClick={() => void preview()}>{t('admin.editor.preview')}</Button>
            {!live && !scheduled && publisher ? (
              <>
                <Button variant="primary" onClick={() => void send('publish')}>
                  {t('admin.editor.publish')}
                </Button>
                <Button onClick={() => (fields.date ? void send('schedule') : (setErrors({ date: t('admin.editor.scheduleNeedsDate') }), document.querySelector<HTMLInputElement>('.adm-fields input[type="datetime-local"]')?.focus()))}>
                  {t('admin.editor.schedule')}
                </Button>
              </>
            ) : null}
            {!live && !scheduled && !publisher ? (
              <Button variant="primary" onClick={() => void send('submit')}>
                {t('admin.editor.submit')}
              </Button>
            ) : null}
            {(live || scheduled) && publisher ? <Button onClick={() => void send('unpublish')}>{t('admin.editor.toDraft')}</Button> : null}
          </div>
        )}
      </div>

      {trashed ? <Notice tone="warning">{t('admin.editor.inTrash', { kind: label })}</Notice> : null}
      {recovery ? (
        <Notice
          tone="warning"
          actions={
            <>
              <Button variant="primary" onClick={restoreRecovery}>
                {t('admin.editor.restoreUnsaved')}
              </Button>
              <Button onClick={discardRecovery}>{t('admin.editor.discardUnsaved')}</Button>
            </>
          }
        >
          {t(recovery.source === 'local' ? 'admin.editor.localFound' : 'admin.editor.pendingFound', { date: formatDateTime(recovery.savedAt) })}
          {recovery.source === 'local' && recovery.baseRevision !== null && initial && recovery.baseRevision < initial.revision ? ` ${t('admin.editor.localOlder')}` : ''}
        </Notice>
      ) : null}
      {message ? (
        <Notice tone={message.tone} actions={<Button variant="ghost" onClick={() => setMessage(null)} aria-label={t('admin.dismiss')}>×</Button>}>
          {message.text}{' '}
          {message.link ? (
            <a href={message.link}>{t('admin.editor.viewKind', { kind: label })}</a>
          ) : null}
        </Notice>
      ) : null}

      <div className="adm-editor-grid">
        <div className="adm-editor-main">
          <div className="adm-field adm-title-field">
            <label htmlFor="adm-title" className="visually-hidden">
              {t('admin.editor.title')}
            </label>
            <input
              id="adm-title"
              className="adm-title"
              value={fields.title}
              placeholder={t('admin.editor.titlePlaceholder')}
              onChange={(e) => set({ title: e.target.value })}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? 'adm-title-error' : undefined}
              maxLength={300}
              readOnly={trashed}
            />
            {errors.title ? (
              <p className="adm-field__error" id="adm-title-error">
                {errors.title}
              </p>
            ) : null}
          </div>
          <BlockEditor initial={(initial?.fields.blocks ?? []) as Block[]} onChange={onChange} onReady={onReady} error={errors.blocks} />
        </div>
        <aside className="adm-editor-side" aria-label={t('admin.editor.settings', { kind: label })}>
          {publisher && !trashed ? (
            <SelectField
              label={t('admin.fields.visibility')}
              value={visibility}
              onChange={(e) => {
                setVisibility(e.target.value as 'public' | 'private');
                onChange();
              }}
              options={[
                { value: 'public', label: t('admin.fields.public') },
                { value: 'private', label: t('admin.fields.private') },
              ]}
              hint={t('admin.fields.visibilityHint')}
            />
          ) : null}
          <FieldsPanel kind={kind} itemId={item?.id ?? null} fields={fields} set={set} errors={errors} onSlugTouched={() => setSlugTouched(true)} live={live} />
          {item ? (
            <div className="adm-panel adm-actions adm-actions--stack">
              <Button onClick={() => setRevisionsOpen(true)}>{t('admin.revisions.open')}</Button>
              {!trashed ? (
                <Button variant="danger" onClick={() => void trash()}>
                  {t('admin.editor.trash')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </aside>
      </div>

      {item ? (
        <RevisionsDialog
          isOpen={revisionsOpen}
          onClose={() => setRevisionsOpen(false)}
          kind={item.kind}
          id={item.id}
          revision={baseRevision.current ?? item.revision}
          current={collect}
          dirty={saveState === 'dirty' || saveState === 'local' || saveState === 'offline' || saveState === 'error'}
          onRestored={(r) => {
            setItem(r);
            itemRef.current = r;
            load(r.fields, r.revision);
            lastSaved.current = JSON.stringify(r.fields);
            dirty.current = false;
            setSaveState('saved');
            setMessage({ tone: 'success', text: t('admin.revisions.restored') });
          }}
        />
      ) : null}
      <ConflictDialog
        conflict={conflict}
        mine={collect}
        onKeepMine={() => {
          if (!conflict) return;
          baseRevision.current = conflict.theirs.revision;
          setConflict(null);
          conflictRef.current = null;
          void send('save');
        }}
        onLoadTheirs={() => {
          if (!conflict) return;
          void writeDraft(keyOf(), { fields: collect(), baseRevision: baseRevision.current, savedAt: new Date().toISOString() });
          setItem(conflict.theirs);
          itemRef.current = conflict.theirs;
          load(conflict.theirs.fields, conflict.theirs.revision);
          lastSaved.current = JSON.stringify(conflict.theirs.fields);
          dirty.current = false;
          setSaveState('clean');
          setConflict(null);
          conflictRef.current = null;
          setMessage({ tone: 'info', text: t('admin.conflict.loaded') });
        }}
      />
    </div>
  );
}

const kindLabel = { post: 'admin.kind.post', page: 'admin.kind.page', portfolio: 'admin.kind.portfolio' } as const satisfies Record<ContentKind, MessageKey>;
const newLabel = { post: 'admin.editor.newPost', page: 'admin.editor.newPage', portfolio: 'admin.editor.newProject' } as const satisfies Record<ContentKind, MessageKey>;

