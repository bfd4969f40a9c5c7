import { AffiliationCard } from '../organisations/affiliation-card.tsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, Eye, EyeOff } from 'lucide-react';
import { type UserDto } from '@app/shared/auth';
import { PHONE_MAX_LENGTH, STUDENT_PASSWORD_MIN } from '@app/shared/auth-constants';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextArea, TextField } from '../../components/ui/field.tsx';
import { Tabs, TabPanel } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage, schemasFrom } from '../../lib/api.ts';
import { initials } from '../../lib/format.ts';
import { updateStoredUser } from '../../lib/session.ts';
import { browserZone } from '../../lib/time-zones.ts';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { NotificationSettings } from '../notifications/notification-settings.tsx';
import { Link } from 'react-router';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { YourDataSection } from '../privacy/your-data-section.tsx';

// The answers' schemas (and zod) load with the first request (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

export type ProfileTab = 'profile' | 'security' | 'notifications' | 'data';
const IMAGE_MAX = 5 * 1024 * 1024;
const EDITABLE = ['firstName', 'lastName', 'certificateName', 'phone', 'address', 'city', 'state', 'zipCode', 'bio'] as const;
type Editable = (typeof EDITABLE)[number];

function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'profile'],
    queryFn: ({ signal }) => api('/auth/profile', answer('userAnswer'), { signal }).then((r) => r.data.user),
    enabled,
  });
}

/** The student's 'My Profile' overlay: Profile Information and Security tabs (spec 000 §2, §5). */
export function ProfileDialog({ open, tab, onTab, onClose }: { open: boolean; tab: ProfileTab; onTab: (t: ProfileTab) => void; onClose: () => void }) {
  const t = useT();
  const profile = useProfile(open);
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={t('profile.title')}>
      <Tabs<ProfileTab>
        label={t('profile.sections')}
        idPrefix="profile"
        value={tab}
        onChange={onTab}
        items={[
          { id: 'profile', label: t('profile.tab.profile') },
          { id: 'security', label: t('shell.header.security') },
          { id: 'notifications', label: t('notifications.title') },
          { id: 'data', label: t('profile.tab.data') },
        ]}
      />
      <div className="pt-4">
        {profile.isPending ? (
          <Spinner label={t('profile.loading')} />
        ) : profile.isError ? (
          <ErrorState message={errorMessage(profile.error, t('profile.loadFailed'))} onRetry={() => void profile.refetch()} />
        ) : tab === 'profile' ? (
          <TabPanel idPrefix="profile" id="profile">
            <ProfileForm user={profile.data} />
            {profile.data.role === 'student' && <AffiliationCard />}
          </TabPanel>
        ) : tab === 'data' ? (
          <TabPanel idPrefix="profile" id="data">
            <YourDataSection />
          </TabPanel>
        ) : tab === 'notifications' ? (
          <TabPanel idPrefix="profile" id="notifications">
            <NotificationSettings />
          </TabPanel>
        ) : (
          <TabPanel idPrefix="profile" id="security">
            <Security user={profile.data} />
          </TabPanel>
        )}
      </div>
    </Dialog>
  );
}

function ProfileForm({ user }: { user: UserDto }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  const [form, setForm] = useState<Record<Editable, string>>(() => Object.fromEntries(EDITABLE.map((k) => [k, (user[k] as string | null) ?? ''])) as Record<Editable, string>);
  const [timezone, setTimezone] = useState(user.timezone ?? browserZone());
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api('/auth/update-profile', answer('userAnswer'), { method: 'PUT', body: { ...Object.fromEntries(EDITABLE.map((k) => [k, form[k].trim()])), timezone } }),
    onSuccess: (res) => {
      updateStoredUser(res.data.user);
      client.setQueryData(['auth', 'profile'], res.data.user);
      toast.success(t('profile.updated'));
      setError(null);
    },
    onError: (err) => setError(errorMessage(err, t('profile.updateFailed'))),
  });
  const set = (k: Editable, v: string) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <div className="space-y-5">
      <PictureBlock user={user} />
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {error && <div className="sm:col-span-2"><Alert kind="error">{error}</Alert></div>}
        <TextField label={t('profile.firstName')} autoComplete="given-name" required maxLength={100} value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <TextField label={t('profile.lastName')} autoComplete="family-name" required maxLength={100} value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
        <div className="sm:col-span-2">
          <TextField
            label={t('profile.certificateName')}
            dir="auto"
            maxLength={100}
            value={form.certificateName}
            onChange={(e) => set('certificateName', e.target.value)}
            placeholder={`${form.firstName} ${form.lastName}`.trim()}
            hint={t('profile.certificateNameHint')}
          />
        </div>
        <TextField label={t('common.email')} type="email" dir="ltr" value={user.email} readOnly disabled hint={t('profile.emailFixed')} />
        <TextField label={t('profile.phone')} type="tel" dir="ltr" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} hint={t('auth.signUp.phoneHint')} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
        <div className="sm:col-span-2"><TextField label={t('workshops.form.address')} autoComplete="street-address" maxLength={200} value={form.address} onChange={(e) => set('address', e.target.value)} /></div>
        <TextField label={t('workshops.form.city')} autoComplete="address-level2" maxLength={100} value={form.city} onChange={(e) => set('city', e.target.value)} />
        <TextField label={t('profile.state')} autoComplete="address-level1" maxLength={100} value={form.state} onChange={(e) => set('state', e.target.value)} />
        <TextField label={t('profile.zip')} autoComplete="postal-code" maxLength={20} value={form.zipCode} onChange={(e) => set('zipCode', e.target.value)} />
        <TimeZoneField label={t('profile.timeZone')} value={timezone} onChange={setTimezone} hint={t('profile.timeZoneHint')} />
        <div className="sm:col-span-2"><TextArea label={t('workshops.form.bio')} dir="auto" rows={4} maxLength={5000} value={form.bio} onChange={(e) => set('bio', e.target.value)} /></div>
        <dl className="grid gap-2 text-sm text-slate-700 sm:col-span-2 sm:grid-cols-2">
          <div><dt className="text-xs text-slate-500">{t('auth.signUp.university')}</dt><dd dir="auto">{user.university ?? '–'}</dd></div>
          <div><dt className="text-xs text-slate-500">{t('profile.course')}</dt><dd><bdi>{user.course ?? '–'}</bdi>{user.year ? <> · {t('auth.signUp.yearOption', { year: user.year })}</> : null}</dd></div>
          <div><dt className="text-xs text-slate-500">{t('profile.studentId')}</dt><dd><bdi>{user.studentId ?? '–'}</bdi></dd></div>
          <div><dt className="text-xs text-slate-500">{t('profile.memberSince')}</dt><dd>{format.date(user.createdAt)}{user.isVerified ? <> · {t('profile.verified')}</> : null}</dd></div>
        </dl>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>{save.isPending ? t('workshops.form.saving') : t('profile.save')}</Button>
        </div>
      </form>
    </div>
  );
}

function PictureBlock({ user }: { user: UserDto }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const upload = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('profileImage', f);
      return api('/auth/upload-profile-image', answer('imageUploadAnswer'), { method: 'POST', body: form });
    },
    onSuccess: (res) => {
      if (res.data.user) {
        updateStoredUser(res.data.user);
        client.setQueryData(['auth', 'profile'], res.data.user);
      }
      toast.success(t('profile.picture.updated'));
      setFile(null);
    },
    onError: (err) => toast.error(errorMessage(err, t('profile.picture.failed'))),
  });
  const choose = (f: File | undefined) => {
    if (!f) return;
    if (f.size >= IMAGE_MAX) {
      toast.error(t('error.workshop.imageSize'));
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="flex items-center gap-4">
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt={t('profile.picture.alt')} className="h-20 w-20 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800">{initials(name)}</span>
      )}
      <div>
        <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="hidden" aria-label={t('profile.picture.file')} id="profile-image-input" onChange={(e) => { choose(e.target.files?.[0]); e.target.value = ''; }} />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" className="h-4 w-4" /> {t('profile.picture.change')}
        </Button>
        <p className="mt-1 text-xs text-slate-500">{t('profile.picture.hint')}</p>
      </div>
      <Dialog
        open={Boolean(file)}
        onClose={() => setFile(null)}
        size="sm"
        title={t('profile.picture.previewTitle')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setFile(null)}>{t('shell.dialog.cancel')}</Button>
            <Button onClick={() => file && upload.mutate(file)} disabled={upload.isPending}>{upload.isPending ? t('profile.picture.uploading') : t('profile.picture.upload')}</Button>
          </>
        }
      >
        {preview && <img src={preview} alt={t('profile.picture.previewAlt')} className="mx-auto h-48 w-48 rounded-full object-cover" />}
      </Dialog>
    </div>
  );
}

function Security({ user }: { user: UserDto }) {
  const t = useT();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>{user.passwordChangedAt ? t('profile.security.changedOn', { date: format.date(user.passwordChangedAt) }) : t('profile.security.neverChanged')}</p>
      <p>{t('profile.security.signsOut')}</p>
      <Button onClick={() => setOpen(true)}>{t('profile.security.change')}</Button>
      <p>
        <Link to="/account/security" className="font-medium text-brand-700 hover:underline">
          {t('profile.security.link')}
        </Link>
      </p>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setCurrent('');
      setNext('');
      setConfirm('');
      setError(null);
    }
  }, [open]);
  const change = useMutation({
    mutationFn: () => api('/auth/change-password', answer('authAnswer'), { method: 'PUT', body: { currentPassword: current, newPassword: next } }),
    onSuccess: (res) => {
      // The server invalidated older tokens and issued a fresh one.
      updateStoredUser(res.data.user, res.data.token);
      toast.success(t('profile.password.updated'));
      onClose();
    },
    onError: (err) => setError(errorMessage(err, t('profile.password.failed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) return setError(t('error.password.mismatch'));
    if (next.length < STUDENT_PASSWORD_MIN) return setError(t('error.password.short'));
    change.mutate();
  };
  const type = show ? 'text' : 'password';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('profile.security.change')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('shell.dialog.cancel')}</Button>
          <Button type="submit" form="change-password-form" disabled={!current || !next || next !== confirm || change.isPending}>
            {change.isPending ? t('profile.password.updating') : t('profile.password.update')}
          </Button>
        </>
      }
    >
      <form id="change-password-form" onSubmit={submit} className="space-y-3">
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label={t('profile.password.current')} type={type} autoComplete="current-password" value={current} onChange={(e) => { setCurrent(e.target.value); setError(null); }} />
        <TextField label={t('auth.reset.newPassword')} type={type} autoComplete="new-password" value={next} onChange={(e) => { setNext(e.target.value); setError(null); }} hint={t('auth.signUp.passwordHint')} />
        <TextField
          label={t('auth.reset.confirm')}
          type={type}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => { setConfirm(e.target.value); setError(null); }}
          error={confirm && next !== confirm ? t('error.password.mismatch') : null}
        />
        <button type="button" className="inline-flex items-center gap-1 text-sm text-brand-700" onClick={() => setShow((v) => !v)} aria-pressed={show}>
          {show ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />} {show ? t('profile.password.hide') : t('profile.password.show')}
        </button>
      </form>
    </Dialog>
  );
}
