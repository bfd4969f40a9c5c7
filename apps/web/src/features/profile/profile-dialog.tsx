import { AffiliationCard } from '../organisations/affiliation-card.tsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, Eye, EyeOff } from 'lucide-react';
import { PHONE_HINT, PHONE_MAX_LENGTH, STUDENT_PASSWORD_MESSAGES, STUDENT_PASSWORD_MIN, type UserDto } from '@app/shared/auth';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextArea, TextField } from '../../components/ui/field.tsx';
import { Tabs, TabPanel } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage, schemasFrom } from '../../lib/api.ts';
import { formatDate, initials } from '../../lib/format.ts';
import { updateStoredUser } from '../../lib/session.ts';
import { browserZone } from '../../lib/time-zones.ts';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { NotificationSettings } from '../notifications/notification-settings.tsx';
import { Link } from 'react-router';
import { SECURITY_COPY } from '../auth/security.copy.ts';
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
  const profile = useProfile(open);
  return (
    <Dialog open={open} onClose={onClose} size="lg" title="My Profile">
      <Tabs<ProfileTab>
        label="Profile sections"
        idPrefix="profile"
        value={tab}
        onChange={onTab}
        items={[
          { id: 'profile', label: 'Profile Information' },
          { id: 'security', label: 'Security' },
          { id: 'notifications', label: 'Notifications' },
          { id: 'data', label: 'Your data' },
        ]}
      />
      <div className="pt-4">
        {profile.isPending ? (
          <Spinner label="Loading profile…" />
        ) : profile.isError ? (
          <ErrorState message={errorMessage(profile.error, 'Failed to load your profile')} onRetry={() => void profile.refetch()} />
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
      toast.success('Profile updated successfully!');
      setError(null);
    },
    onError: (err) => setError(errorMessage(err, 'Failed to update profile. Please try again.')),
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
        <TextField label="First name" autoComplete="given-name" required maxLength={100} value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <TextField label="Last name" autoComplete="family-name" required maxLength={100} value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
        <div className="sm:col-span-2">
          <TextField
            label="Name on certificates"
            dir="auto"
            maxLength={100}
            value={form.certificateName}
            onChange={(e) => set('certificateName', e.target.value)}
            placeholder={`${form.firstName} ${form.lastName}`.trim()}
            hint="As it should be printed: family name first, in your own script, with accents. Leave empty to print your first and last name."
          />
        </div>
        <TextField label="Email" type="email" value={user.email} readOnly disabled hint="E-mail cannot be changed" />
        <TextField label="Phone" type="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} hint={PHONE_HINT} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
        <div className="sm:col-span-2"><TextField label="Address" autoComplete="street-address" maxLength={200} value={form.address} onChange={(e) => set('address', e.target.value)} /></div>
        <TextField label="City" autoComplete="address-level2" maxLength={100} value={form.city} onChange={(e) => set('city', e.target.value)} />
        <TextField label="State" autoComplete="address-level1" maxLength={100} value={form.state} onChange={(e) => set('state', e.target.value)} />
        <TextField label="ZIP code" autoComplete="postal-code" maxLength={20} value={form.zipCode} onChange={(e) => set('zipCode', e.target.value)} />
        <TimeZoneField label="Time zone" value={timezone} onChange={setTimezone} hint="Sessions, workshops and e-mails show times in this zone. Type to search." />
        <div className="sm:col-span-2"><TextArea label="Bio" rows={4} maxLength={5000} value={form.bio} onChange={(e) => set('bio', e.target.value)} /></div>
        <dl className="grid gap-2 text-sm text-slate-700 sm:col-span-2 sm:grid-cols-2">
          <div><dt className="text-xs text-slate-500">University</dt><dd>{user.university ?? '–'}</dd></div>
          <div><dt className="text-xs text-slate-500">Course</dt><dd>{user.course ?? '–'}{user.year ? ` · Year ${user.year}` : ''}</dd></div>
          <div><dt className="text-xs text-slate-500">Student ID</dt><dd>{user.studentId ?? '–'}</dd></div>
          <div><dt className="text-xs text-slate-500">Member since</dt><dd>{formatDate(user.createdAt)}{user.isVerified ? ' · Verified' : ''}</dd></div>
        </dl>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save changes'}</Button>
        </div>
      </form>
    </div>
  );
}

function PictureBlock({ user }: { user: UserDto }) {
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
      toast.success('Profile image updated successfully!');
      setFile(null);
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to upload image')),
  });
  const choose = (f: File | undefined) => {
    if (!f) return;
    if (f.size >= IMAGE_MAX) {
      toast.error('Image size should be less than 5MB');
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="flex items-center gap-4">
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt="Your profile" className="h-20 w-20 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800">{initials(name)}</span>
      )}
      <div>
        <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="hidden" aria-label="Profile picture file" id="profile-image-input" onChange={(e) => { choose(e.target.files?.[0]); e.target.value = ''; }} />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" className="h-4 w-4" /> Change picture
        </Button>
        <p className="mt-1 text-xs text-slate-500">PNG, JPG or WebP, under 5 MB</p>
      </div>
      <Dialog
        open={Boolean(file)}
        onClose={() => setFile(null)}
        size="sm"
        title="Preview profile picture"
        footer={
          <>
            <Button variant="ghost" onClick={() => setFile(null)}>Cancel</Button>
            <Button onClick={() => file && upload.mutate(file)} disabled={upload.isPending}>{upload.isPending ? 'Uploading…' : 'Upload'}</Button>
          </>
        }
      >
        {preview && <img src={preview} alt="Preview of the new profile picture" className="mx-auto h-48 w-48 rounded-full object-cover" />}
      </Dialog>
    </div>
  );
}

function Security({ user }: { user: UserDto }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>Password last changed: {user.passwordChangedAt ? formatDate(user.passwordChangedAt) : 'never'}</p>
      <p>Changing your password signs out your other devices.</p>
      <Button onClick={() => setOpen(true)}>Change Password</Button>
      <p>
        <Link to="/account/security" className="font-medium text-brand-700 hover:underline">
          {SECURITY_COPY.profileLink}
        </Link>
      </p>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
      toast.success('Password updated successfully!');
      onClose();
    },
    onError: (err) => setError(errorMessage(err, 'Failed to update password. Please try again.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) return setError(STUDENT_PASSWORD_MESSAGES.mismatch);
    if (next.length < STUDENT_PASSWORD_MIN) return setError(STUDENT_PASSWORD_MESSAGES.short);
    change.mutate();
  };
  const type = show ? 'text' : 'password';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title="Change Password"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
          <Button type="submit" form="change-password-form" disabled={!current || !next || next !== confirm || change.isPending}>
            {change.isPending ? 'Updating…' : 'Update Password'}
          </Button>
        </>
      }
    >
      <form id="change-password-form" onSubmit={submit} className="space-y-3">
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label="Current password" type={type} autoComplete="current-password" value={current} onChange={(e) => { setCurrent(e.target.value); setError(null); }} />
        <TextField label="New password" type={type} autoComplete="new-password" value={next} onChange={(e) => { setNext(e.target.value); setError(null); }} hint="At least 6 characters" />
        <TextField
          label="Confirm new password"
          type={type}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => { setConfirm(e.target.value); setError(null); }}
          error={confirm && next !== confirm ? STUDENT_PASSWORD_MESSAGES.mismatch : null}
        />
        <button type="button" className="inline-flex items-center gap-1 text-sm text-brand-700" onClick={() => setShow((v) => !v)} aria-pressed={show}>
          {show ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />} {show ? 'Hide passwords' : 'Show passwords'}
        </button>
      </form>
    </Dialog>
  );
}
