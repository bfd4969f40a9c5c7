import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENCIES } from '@app/shared/admin-constants';
import type { OwnProfessionalProfileDto } from '@app/shared/organisations';
import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { Dialog, FormButtons } from '../../components/ui/dialog.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';

// The answers' schema (and zod) load with the first request (decision 950).
const profileAnswer = () => import('../organisations/schemas.ts').then((m) => m.ownProfessionalProfileAnswer);

const KEY = ['professionals', 'me', 'profile'];
const lines = (text: string) => text.split(/\n|,/).map((s) => s.trim()).filter(Boolean);

/**
 * The professional's own profile (decision 631): a pending expert completes it before verification, a
 * verified professional keeps it current. Verification stays with the administrators.
 */
export function OwnProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const profile = useQuery({
    queryKey: KEY,
    queryFn: () => api('/professionals/me/profile', profileAnswer),
    enabled: open,
  });
  return (
    <Dialog open={open} onClose={onClose} title={t('pro.profile.title')} size="xl">
      {profile.isPending ? (
        <Skeleton className="h-64" />
      ) : profile.isError ? (
        <ErrorState message={errorMessage(profile.error, t('pro.profile.loadFailed'))} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileForm initial={profile.data.data.profile} onDone={onClose} />
      )}
    </Dialog>
  );
}

function ProfileForm({ initial, onDone }: { initial: OwnProfessionalProfileDto; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const [v, setV] = useState({
    phone: initial.phone ?? '',
    title: initial.title,
    company: initial.company,
    expertise: initial.expertise,
    experience: String(initial.experience),
    bio: initial.bio ?? '',
    specializations: initial.specializations.join('\n'),
    skills: initial.skills.join('\n'),
    hourlyRate: initial.pricing.hourlyRate === null ? '' : String(initial.pricing.hourlyRate),
    currency: initial.pricing.currency,
    linkedin: initial.socialLinks.linkedin ?? '',
    twitter: initial.socialLinks.twitter ?? '',
    website: initial.socialLinks.website ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [v]);
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  const save = useMutation({
    mutationFn: (body: unknown) => api('/professionals/me/profile', profileAnswer, { method: 'PUT', body }),
    onSuccess: async () => {
      toast.success(t('pro.profile.saved'));
      await client.invalidateQueries();
      onDone();
    },
    onError: (err) => setError(errorMessage(err, t('pro.profile.saveFailed'))),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      phone: v.phone,
      title: v.title,
      company: v.company,
      expertise: v.expertise,
      experience: v.experience,
      bio: v.bio,
      specializations: lines(v.specializations),
      skills: lines(v.skills),
      pricing: { hourlyRate: v.hourlyRate, currency: v.currency },
      socialLinks: { linkedin: v.linkedin, twitter: v.twitter, website: v.website },
    };
    // The form's own check loads on submit, not with the dashboard (decision 950).
    const [{ ownProfessionalProfileBody }, { checkForm }, { specText }] = await Promise.all([
      import('../organisations/schemas.ts'),
      import('../../lib/form-check.ts'),
      import('../admin/messages.ts'),
    ]);
    const labels: Record<string, string> = {
      title: t('pro.profile.jobTitle'),
      company: t('pro.settings.company'),
      expertise: t('pro.settings.expertise'),
      experience: t('pro.profile.experience'),
      phone: t('pro.profile.phone'),
      bio: t('pro.profile.bio'),
      specializations: t('pro.profile.specializations'),
      skills: t('pro.profile.skills'),
      'pricing.hourlyRate': t('pro.profile.hourlyRate'),
      'pricing.currency': t('pro.profile.currency'),
      'socialLinks.linkedin': t('pro.profile.linkedin'),
      'socialLinks.twitter': t('pro.profile.twitter'),
      'socialLinks.website': t('pro.profile.website'),
    };
    const checked = checkForm(ownProfessionalProfileBody, body, t, {
      own: specText(t),
      label: (field) => labels[field],
    });
    if (!checked.success) return setError(checked.messages[0] ?? t('pro.profile.checkForm'));
    save.mutate(body);
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <div aria-live="polite">{error && <Alert kind="error">{error}</Alert>}</div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('pro.profile.jobTitle')} required value={v.title} onChange={set('title')} maxLength={200} dir="auto" />
        <TextField label={t('pro.settings.company')} required value={v.company} onChange={set('company')} maxLength={200} dir="auto" />
        <SelectField label={t('pro.settings.expertise')} required value={v.expertise} onChange={set('expertise')}>
          <option value="">{t('pro.profile.selectExpertise')}</option>
          {EXPERTISE_OPTIONS.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </SelectField>
        <TextField label={t('pro.profile.experience')} type="number" min={0} max={80} required value={v.experience} onChange={set('experience')} />
        <TextField label={t('pro.profile.phone')} type="tel" required value={v.phone} onChange={set('phone')} autoComplete="tel" dir="ltr" />
        <div className="grid grid-cols-2 gap-2">
          <TextField label={t('pro.profile.hourlyRate')} type="number" min={0} value={v.hourlyRate} onChange={set('hourlyRate')} hint={t('pro.profile.optional')} />
          <SelectField label={t('pro.profile.currency')} value={v.currency} onChange={set('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </SelectField>
        </div>
      </div>
      <TextArea label={t('pro.profile.bio')} required rows={4} value={v.bio} onChange={set('bio')} maxLength={5000} dir="auto" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea label={t('pro.profile.specializations')} hint={t('pro.profile.onePerLine')} rows={3} value={v.specializations} onChange={set('specializations')} dir="auto" />
        <TextArea label={t('pro.profile.skills')} hint={t('pro.profile.onePerLine')} rows={3} value={v.skills} onChange={set('skills')} dir="auto" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('pro.profile.linkedin')} type="url" placeholder={t('pro.profile.urlPlaceholder')} value={v.linkedin} onChange={set('linkedin')} dir="ltr" />
        <TextField label={t('pro.profile.twitter')} type="url" placeholder={t('pro.profile.urlPlaceholder')} value={v.twitter} onChange={set('twitter')} dir="ltr" />
        <TextField label={t('pro.profile.website')} type="url" placeholder={t('pro.profile.urlPlaceholder')} value={v.website} onChange={set('website')} dir="ltr" />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <FormButtons onCancel={onDone} cancelLabel={t('pro.common.cancel')} submitLabel={t('pro.profile.save')} pendingLabel={t('pro.profile.saving')} pending={save.isPending} />
      </div>
    </form>
  );
}
