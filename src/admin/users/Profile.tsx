import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type ActionResult } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { useLocation } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { Button, Loading, Notice, TextArea, TextField } from '../shell/ui.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { Thumb, mediaName } from '../media/MediaGrid.tsx';

type Me = ActionResult<'profile.get'>;
const errorsOf = (e: unknown): Record<string, string> => (e instanceof ApiError ? { ...e.fields, ...(e.field ? { [e.field]: e.message } : {}) } : {});

function PublicProfile({ me }: { me: Me }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ displayName: me.displayName, bio: me.bio, avatarMediaId: me.avatarMediaId });
  const [picking, setPicking] = useState(false);
  useEffect(() => setDraft({ displayName: me.displayName, bio: me.bio, avatarMediaId: me.avatarMediaId }), [me]);
  const avatar = useQuery({ queryKey: ['media.get', draft.avatarMediaId], queryFn: () => api('media.get', { id: draft.avatarMediaId! }), enabled: !!draft.avatarMediaId });
  const save = useMutation({
    mutationFn: () => api('profile.save', draft),
    onSuccess: (p) => {
      queryClient.setQueryData(['profile.get'], p);
      announce(t('admin.profile.saved'));
    },
  });
  const errors = errorsOf(save.error);
  return (
    <form
      className="adm-card adm-form"
      aria-labelledby="profile-public"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="profile-public">{t('admin.profile.public')}</h2>
      <TextField label={t('admin.profile.displayName')} value={draft.displayName} required onChange={(e) => setDraft({ ...draft, displayName: e.target.value })} error={errors.displayName} />
      <TextArea label={t('admin.profile.bio')} rows={3} value={draft.bio} onChange={(e) => setDraft({ ...draft, bio: e.target.value })} error={errors.bio} />
      <fieldset className="adm-repeat">
        <legend>{t('admin.profile.avatar')}</legend>
        {draft.avatarMediaId && avatar.data ? <Thumb media={avatar.data} size={96} /> : <p className="adm-muted">{t('admin.profile.noAvatar')}</p>}
        {draft.avatarMediaId && avatar.data ? <p className="adm-muted">{mediaName(avatar.data)}</p> : null}
        <div className="adm-actions">
          <Button onClick={() => setPicking(true)}>{t('admin.profile.chooseAvatar')}</Button>
          {draft.avatarMediaId ? <Button onClick={() => setDraft({ ...draft, avatarMediaId: null })}>{t('admin.profile.removeAvatar')}</Button> : null}
        </div>
        {errors.avatarMediaId ? <p className="adm-field__error">{errors.avatarMediaId}</p> : null}
      </fieldset>
      {save.error && !Object.keys(errors).length ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">{t('admin.profile.saved')}</Notice> : null}
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t('admin.profile.save')}
      </Button>
      <MediaPicker
        isOpen={picking}
        onClose={() => setPicking(false)}
        title={t('admin.profile.chooseAvatar')}
        confirmLabel={t('admin.profile.useAvatar')}
        initial={draft.avatarMediaId ? [draft.avatarMediaId] : []}
        onChoose={(items) => {
          setPicking(false);
          if (items[0]) setDraft({ ...draft, avatarMediaId: items[0].id });
        }}
      />
    </form>
  );
}

function EmailChange({ me }: { me: Me }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ email: '', password: '' });
  const change = useMutation({
    mutationFn: () => api('profile.email', draft),
    onSuccess: (p) => {
      queryClient.setQueryData(['profile.get'], p);
      announce(t('admin.profile.emailSent', { email: draft.email }));
      setDraft({ email: '', password: '' });
    },
  });
  const errors = errorsOf(change.error);
  return (
    <form
      className="adm-card adm-form"
      aria-labelledby="profile-email"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        change.mutate();
      }}
    >
      <h2 id="profile-email">{t('admin.profile.email')}</h2>
      <p>{t('admin.profile.currentEmail', { email: me.email })}</p>
      {me.pendingEmail ? <Notice tone="info">{t('admin.profile.pendingEmail', { email: me.pendingEmail })}</Notice> : null}
      <TextField label={t('admin.profile.newEmail')} type="email" autoComplete="email" value={draft.email} required onChange={(e) => setDraft({ ...draft, email: e.target.value })} error={errors.email} />
      <TextField label={t('admin.profile.emailPassword')} type="password" autoComplete="current-password" value={draft.password} required onChange={(e) => setDraft({ ...draft, password: e.target.value })} error={errors.emailPassword} />
      {change.error && !Object.keys(errors).length ? <Notice tone="error">{change.error.message}</Notice> : null}
      <Button type="submit" disabled={change.isPending}>
        {t('admin.profile.changeEmail')}
      </Button>
    </form>
  );
}

function PasswordChange() {
  const t = useT();
  const [draft, setDraft] = useState({ current: '', password: '', confirm: '' });
  const change = useMutation({
    mutationFn: () => api('profile.password', draft),
    onSuccess: () => {
      setDraft({ current: '', password: '', confirm: '' });
      announce(t('admin.profile.passwordChanged'));
    },
  });
  const errors = errorsOf(change.error);
  return (
    <form
      className="adm-card adm-form"
      aria-labelledby="profile-password"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        change.mutate();
      }}
    >
      <h2 id="profile-password">{t('admin.profile.password')}</h2>
      <TextField label={t('admin.profile.current')} type="password" autoComplete="current-password" value={draft.current} required onChange={(e) => setDraft({ ...draft, current: e.target.value })} error={errors.current} />
      <TextField label={t('admin.profile.new')} type="password" autoComplete="new-password" value={draft.password} required onChange={(e) => setDraft({ ...draft, password: e.target.value })} error={errors.password} />
      <TextField label={t('admin.profile.confirm')} type="password" autoComplete="new-password" value={draft.confirm} required onChange={(e) => setDraft({ ...draft, confirm: e.target.value })} error={errors.confirm} />
      {change.error && !Object.keys(errors).length ? <Notice tone="error">{change.error.message}</Notice> : null}
      {change.isSuccess ? <Notice tone="success">{t('admin.profile.passwordChanged')}</Notice> : null}
      <Button type="submit" disabled={change.isPending}>
        {t('admin.profile.changePassword')}
      </Button>
    </form>
  );
}

/** The signed-in person's own profile: name, about, picture, e-mail (confirmed by link), password. */
export default function Profile() {
  const t = useT();
  const { search } = useLocation();
  const me = useQuery({ queryKey: ['profile.get'], queryFn: () => api('profile.get', {}) });
  const emailResult = search.get('email');
  return (
    <div className="adm-screen adm-profile">
      <h1 tabIndex={-1}>{t('admin.profile.title')}</h1>
      {emailResult === 'confirmed' ? <Notice tone="success">{t('admin.profile.emailConfirmed')}</Notice> : null}
      {emailResult === 'invalid' ? <Notice tone="error">{t('admin.profile.emailInvalid')}</Notice> : null}
      {emailResult === 'taken' ? <Notice tone="error">{t('admin.profile.emailTaken')}</Notice> : null}
      {me.isPending ? <Loading /> : null}
      {me.error ? <Notice tone="error">{me.error.message}</Notice> : null}
      {me.data ? (
        <>
          <PublicProfile me={me.data} />
          <EmailChange me={me.data} />
          <PasswordChange />
        </>
      ) : null}
    </div>
  );
}
