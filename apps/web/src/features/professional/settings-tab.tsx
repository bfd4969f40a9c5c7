import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import type { UserDto } from '@app/shared/auth';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { ProfessionalPasswordDialog } from '../auth/password-change-dialog.tsx';
import { setAcceptingRequests, setNoticeHours, useInvalidateMentoring } from '../mentoring/api.ts';
import { NoticePolicyForm } from './notice-policy-form.tsx';
import { useDashboardStats } from './api.ts';
import { NotificationSettings } from '../notifications/notification-settings.tsx';
import { OwnProfileDialog } from './own-profile-dialog.tsx';
import { Link } from 'react-router';
import { SECURITY_COPY } from '../auth/security.copy.ts';
import { YourDataSection } from '../privacy/your-data-section.tsx';

const NOT_SET = 'Not set';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className={`text-sm sm:col-span-2 ${value ? 'text-slate-900' : 'text-slate-500 italic'}`}>{value || NOT_SET}</dd>
    </div>
  );
}

export function SettingsTab({ user, onPasswordChanged }: { user: UserDto | undefined; onPasswordChanged: () => void }) {
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const stats = useDashboardStats();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const accepting = useMutation({
    mutationFn: (value: boolean) => setAcceptingRequests(value),
    onSuccess: (r) => {
      toast.success(r.message ?? 'Saved');
      void invalidate();
    },
    onError: (e) => toast.error(errorMessage(e, 'Failed to save the setting')),
  });
  if (!user) return <Spinner label="Loading professional data..." />;
  const experience =
    user.experience === null || user.experience === undefined
      ? null
      : `${user.experience} year${user.experience === 1 ? '' : 's'}`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="profile-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="profile-heading" className="font-semibold text-slate-900">
          Profile
        </h2>
        <p className="text-xs text-slate-600">Name and e-mail are managed by the platform administrators; your professional details are yours to edit.</p>
        <Button className="mt-2" size="sm" variant="secondary" onClick={() => setEditing(true)}>
          Edit profile
        </Button>
        <OwnProfileDialog open={editing} onClose={() => setEditing(false)} />
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label="Name" value={user.name} />
          <Row label="Email" value={user.email} />
          <Row label="Designation" value={user.designation || user.title} />
          <Row label="Company" value={user.company} />
          <Row label="Experience" value={experience} />
          <Row label="Location" value={user.location} />
          <Row label="Expertise" value={user.expertise?.length ? user.expertise.join(', ') : null} />
        </dl>
      </section>
      <div className="space-y-6">
        <section aria-labelledby="security-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="security-heading" className="font-semibold text-slate-900">
            Security
          </h2>
          <Button className="mt-3" variant="secondary" onClick={() => setPasswordOpen(true)}>
            <KeyRound className="h-4 w-4" aria-hidden="true" /> Change Password
          </Button>
          <p className="mt-3 text-sm">
            <Link to="/account/security" className="font-medium text-brand-700 hover:underline">
              {SECURITY_COPY.profileLink}
            </Link>
          </p>
        </section>
        <section aria-labelledby="requests-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="requests-heading" className="font-semibold text-slate-900">
            Connection requests
          </h2>
          <label className="mt-3 flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={stats.data?.acceptingRequests ?? true}
              disabled={!stats.data || accepting.isPending}
              onChange={(e) => accepting.mutate(e.target.checked)}
            />
            <span>
              <span className="font-medium text-slate-900">Accept new connection requests</span>
              <span className="block text-slate-600">
                Turn off while you are away; students see that you are not taking requests. Requests unanswered for 7 days get a
                reminder and expire after 14 days.
              </span>
            </span>
          </label>
        </section>
        {stats.data && <NoticePolicyForm key={stats.data.noticeHours} noticeHours={stats.data.noticeHours} save={setNoticeHours} onSaved={() => void invalidate()} />}
        <NotificationSettings />
        <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="account-heading" className="font-semibold text-slate-900">
            Account
          </h2>
          <dl className="mt-2 divide-y divide-slate-100">
            <Row label="Account type" value="Professional" />
            <Row label="Status" value={user.isActive ? 'Active' : 'Inactive'} />
            <Row label="Member since" value={formatDate(user.createdAt)} />
            {user.passwordChangedAt && <Row label="Last password change" value={formatDate(user.passwordChangedAt)} />}
          </dl>
        </section>
        <section aria-labelledby="your-data-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="your-data-heading" className="mb-2 font-semibold text-slate-900">
            Your data
          </h2>
          <YourDataSection />
        </section>
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
