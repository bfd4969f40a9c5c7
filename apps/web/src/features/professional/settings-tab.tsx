import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import type { UserDto } from '@app/shared/auth';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { ProfessionalPasswordDialog } from '../auth/password-change-dialog.tsx';
import { setAcceptingRequests, setNoticeHours, useInvalidateMentoring } from '../mentoring/api.ts';
import { NoticePolicyForm } from './notice-policy-form.tsx';
import { useDashboardStats } from './api.ts';
import { NotificationSettings } from '../notifications/notification-settings.tsx';
import { OwnProfileDialog } from './own-profile-dialog.tsx';
import { Link } from 'react-router';
import { YourDataSection } from '../privacy/your-data-section.tsx';
import { Panel, SHADOW_CARD } from '../../components/ui/panel.tsx';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  const t = useT();
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className={`text-sm sm:col-span-2 ${value ? 'text-slate-900' : 'text-slate-500 italic'}`} dir={value ? 'auto' : undefined}>{value || t('pro.students.notSet')}</dd>
    </div>
  );
}

export function SettingsTab({ user, onPasswordChanged }: { user: UserDto | undefined; onPasswordChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const formatDate = (iso: string) => format.date(iso, { dateStyle: 'medium', timeZone: zone });
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const stats = useDashboardStats();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const accepting = useMutation({
    mutationFn: (value: boolean) => setAcceptingRequests(value),
    onSuccess: (r) => {
      toast.success(r.message ?? t('pro.settings.saved'));
      void invalidate();
    },
    onError: (e) => toast.error(errorMessage(e, t('pro.settings.saveFailed'))),
  });
  if (!user) return <Spinner label={t('pro.availability.loadingProfessional')} />;
  const experience =
    user.experience === null || user.experience === undefined
      ? null
      : t('pro.settings.years', { count: user.experience });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel
        headingId="profile-heading"
        {...SHADOW_CARD}
        title={t('pro.settings.profile')}
        intro={t('pro.settings.profileNote')}
        introClassName="text-xs text-slate-600"
      >
        <Button className="mt-2" size="sm" variant="secondary" onClick={() => setEditing(true)}>
          {t('pro.settings.editProfile')}
        </Button>
        <OwnProfileDialog open={editing} onClose={() => setEditing(false)} />
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label={t('pro.settings.name')} value={user.name} />
          <Row label={t('pro.students.email')} value={user.email} />
          <Row label={t('pro.settings.designation')} value={user.designation || user.title} />
          <Row label={t('pro.settings.company')} value={user.company} />
          <Row label={t('pro.settings.experience')} value={experience} />
          <Row label={t('pro.settings.location')} value={user.location} />
          <Row label={t('pro.settings.expertise')} value={user.expertise?.length ? format.list(user.expertise, { type: 'unit', style: 'short' }) : null} />
        </dl>
      </Panel>
      <div className="space-y-6">
        <Panel headingId="security-heading" {...SHADOW_CARD} title={t('pro.settings.security')}>
          <Button className="mt-3" variant="secondary" onClick={() => setPasswordOpen(true)}>
            <KeyRound className="h-4 w-4" aria-hidden="true" /> {t('pro.settings.changePassword')}
          </Button>
          <p className="mt-3 text-sm">
            <Link to="/account/security" className="font-medium text-brand-700 hover:underline">
              {t('pro.settings.securityLink')}
            </Link>
          </p>
        </Panel>
        <Panel headingId="requests-heading" {...SHADOW_CARD} title={t('pro.settings.requests')}>
          <label className="mt-3 flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={stats.data?.acceptingRequests ?? true}
              disabled={!stats.data || accepting.isPending}
              onChange={(e) => accepting.mutate(e.target.checked)}
            />
            <span>
              <span className="font-medium text-slate-900">{t('pro.settings.acceptNew')}</span>
              <span className="block text-slate-600">
                {t('pro.settings.acceptNewHint')}
              </span>
            </span>
          </label>
        </Panel>
        {stats.data && <NoticePolicyForm key={stats.data.noticeHours} noticeHours={stats.data.noticeHours} save={setNoticeHours} onSaved={() => void invalidate()} />}
        <NotificationSettings />
        <Panel headingId="account-heading" {...SHADOW_CARD} title={t('pro.settings.account')}>
          <dl className="mt-2 divide-y divide-slate-100">
            <Row label={t('pro.settings.accountType')} value={t('pro.settings.professional')} />
            <Row label={t('pro.students.statusLabel')} value={t('pro.students.status', { status: user.isActive ? 'active' : 'inactive' })} />
            <Row label={t('pro.settings.memberSince')} value={formatDate(user.createdAt)} />
            {user.passwordChangedAt && <Row label={t('pro.settings.lastPasswordChange')} value={formatDate(user.passwordChangedAt)} />}
          </dl>
        </Panel>
        <Panel headingId="your-data-heading" {...SHADOW_CARD} headingClassName="mb-2 font-semibold text-slate-900" title={t('pro.settings.yourData')}>
          <YourDataSection />
        </Panel>
      </div>
      <ProfessionalPasswordDialog
        open={passwordOpen}
        firstLogin={false}
        onClose={() => setPasswordOpen(false)}
        onChanged={() => {
          setPasswordOpen(false);
          onPasswordChanged();
        }}
      />
    </div>
  );
}
