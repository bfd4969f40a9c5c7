import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { RD_APPLICATION_STATUSES, RD_APPLICATION_TRANSITIONS, RD_DEFAULT_TIMEZONE, type RdApplicationStatus } from '@app/shared/rd-project-constants';
import type { AdminApplicationDto } from '@app/shared/rd-projects';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, FormDialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/hooks.ts';
import * as rd from './api.ts';
import { ApplicationStatusBadge, selectKey, useRdText } from './rd-ui.tsx';


/** Applications management of one project (spec 001 §2): counts, search, filters, cards, review. */
export function ApplicationsDialog({ projectId, title, onClose, base = '/admin/rd-projects' }: { projectId: string; title: string; onClose: () => void; base?: string }) {
  const text = useRdText();
  const { t } = text;
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [role, setRole] = useState('');
  const [reviewing, setReviewing] = useState<AdminApplicationDto | null>(null);
  const debounced = useDebounced(search, 500);
  const query = { search: debounced.trim() || undefined, status: status || undefined, role: role || undefined };
  const list = useQuery({ queryKey: [...rd.rdKeys.adminApplications(projectId, query), base], queryFn: () => rd.adminApplications(projectId, query, base) });
  const filtered = Boolean(query.search || query.status || query.role);
  const counts = list.data?.counts;
  const fetchFile = (url: string, name: string) => rd.downloadDocument(url.replace('/admin/rd-projects/', `${base}/`), name).catch((e: unknown) => toast.error(errorMessage(e, t('rd.apps.downloadFailed'))));

  return (
    <Dialog open size="xl" onClose={onClose} title={t('rd.admin.applications')} description={<bdi>{title}</bdi>}>
      {list.isError ? (
        <ErrorState message={t('rd.admin.apps.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {([
              ['total', counts ? counts.total - counts.withdrawn : 0],
              ['pending', counts?.pending ?? 0],
              ['under_review', counts?.underReview ?? 0],
              ['accepted', counts?.accepted ?? 0],
              ['rejected', counts?.rejected ?? 0],
            ] as const).map(([kind, n]) => (
              <div key={kind} className="rounded-xl bg-slate-50 p-3 text-center">
                <dt className="text-xs text-slate-600">{t('rd.admin.apps.count', { kind })}</dt>
                <dd className="text-lg font-semibold">{text.number(n)}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField label={t('rd.admin.apps.search')} type="search" dir="auto" placeholder={t('rd.admin.apps.searchHint')} value={search} onChange={(e) => setSearch(e.target.value)} />
            <SelectField label={t('rd.admin.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('rd.admin.allStatuses')}</option>
              {RD_APPLICATION_STATUSES.map((s) => <option key={s} value={s}>{text.applicationStatus(s)}</option>)}
            </SelectField>
            <SelectField label={t('rd.apply.role')} value={role} onChange={(e) => setRole(e.target.value)}>
              <option value="">{t('rd.browse.allRoles')}</option>
              {(list.data?.project.roles ?? []).map((r, i) => <option key={r._id} value={r._id}>{t('rd.admin.apps.roleNumber', { role: text.role(r.title), number: i + 1 })}</option>)}
            </SelectField>
          </div>
          {list.isPending ? (
            <Spinner label={t('rd.admin.apps.loading')} />
          ) : list.data.applications.length === 0 ? (
            <EmptyState title={t('rd.admin.apps.none')}>{filtered ? t('rd.admin.apps.noneMatch') : t('rd.admin.apps.noneYet')}</EmptyState>
          ) : (
            <ul className="space-y-3">
              {list.data.applications.map((a) => (
                <li key={a._id} className="space-y-2 rounded-xl border border-slate-200 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p dir="auto" className="font-semibold">{a.student.name}</p>
                      <p className="text-sm break-all text-slate-600"><bdi dir="ltr">{a.student.email}</bdi>{a.student.phone && <>{' · '}<bdi dir="ltr">{a.student.phone}</bdi></>}</p>
                      <p dir="auto" className="text-sm text-slate-600">{[a.student.university, a.student.course, a.student.year ? t('rd.admin.apps.year', { year: a.student.year }) : null].filter(Boolean).join(' · ')}</p>
                    </div>
                    <ApplicationStatusBadge status={a.status} />
                  </div>
                  <p className="text-sm text-slate-700">
                    {t('rd.admin.apps.roleApplied', { role: text.role(a.roleAppliedFor), date: text.date(a.appliedAt) })}
                    {a.availableStartDate && ` · ${t('rd.admin.apps.availableFrom', { date: text.date(a.availableStartDate) })}`}
                    {a.expectedDuration && ` · ${text.duration(a.expectedDuration)}`}
                  </p>
                  <p className="text-sm whitespace-pre-line text-slate-800"><span className="font-medium">{t('rd.admin.apps.motivation')}</span> <bdi>{a.motivation}</bdi></p>
                  {a.relevantExperience && <p className="text-sm text-slate-800"><span className="font-medium">{t('rd.admin.apps.experience')}</span> <bdi>{a.relevantExperience}</bdi></p>}
                  {a.reviewNotes && <p className="text-sm text-slate-700"><span className="font-medium">{t('rd.admin.apps.reviewNotes')}</span> <bdi>{a.reviewNotes}</bdi>{a.reviewedBy && ` ${t('rd.admin.apps.reviewedBy', { name: `${a.reviewedBy.firstName} ${a.reviewedBy.lastName}`, date: text.date(a.reviewedAt) })}`}</p>}
                  {a.interview?.scheduled && (
                    <p className="text-sm text-purple-900">
                      {t('rd.admin.apps.interview', { date: a.interview.date, time: a.interview.time, zone: a.interview.timezone, place: (a.interview.mode === 'online' ? a.interview.meetingLink : a.interview.location) ?? t('rd.admin.apps.mode', { mode: a.interview.mode }) })}
                    </p>
                  )}
                  {a.documents.length > 0 && (
                    <ul className="flex flex-wrap gap-2" aria-label={t('rd.apps.documents')}>
                      {a.documents.map((d) => (
                        <li key={d._id}>
                          <Button size="sm" variant="ghost" onClick={() => void fetchFile(d.url, d.filename)}>
                            <Download aria-hidden="true" className="h-4 w-4" /> {t('rd.apps.documentFile', { document: text.document(d.type), filename: d.filename })}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {RD_APPLICATION_TRANSITIONS[a.status].length > 0 && (
                    <Button size="sm" variant="secondary" onClick={() => setReviewing(a)}>{a.status === 'pending' ? t('rd.admin.apps.review') : t('rd.admin.apps.updateStatus')}</Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {reviewing && <ReviewDialog base={base} projectId={projectId} application={reviewing} onClose={() => setReviewing(null)} />}
    </Dialog>
  );
}

function ReviewDialog({ projectId, application: a, onClose, base }: { projectId: string; application: AdminApplicationDto; onClose: () => void; base: string }) {
  const text = useRdText();
  const { t } = text;
  const toast = useToast();
  const queryClient = useQueryClient();
  const options = RD_APPLICATION_TRANSITIONS[a.status];
  // A pending application defaults to under-review (spec 001 §4).
  const [status, setStatus] = useState<RdApplicationStatus | ''>(a.status === 'pending' ? 'under-review' : '');
  const [notes, setNotes] = useState(a.reviewNotes ?? '');
  const [schedule, setSchedule] = useState(Boolean(a.interview?.scheduled) || a.status === 'pending');
  const [interview, setInterview] = useState({
    date: a.interview?.date ?? '',
    time: a.interview?.time ?? '',
    timezone: a.interview?.timezone ?? RD_DEFAULT_TIMEZONE,
    mode: a.interview?.mode ?? 'online',
    meetingLink: a.interview?.meetingLink ?? '',
    location: a.interview?.location ?? '',
    notes: a.interview?.notes ?? '',
  });
  const [alert, setAlert] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      rd.adminReviewApplication(projectId, a._id, {
        status: status || 'under-review',
        reviewNotes: notes.trim() || null,
        interview:
          status === 'interview-scheduled' && schedule
            ? { scheduled: true, date: interview.date || null, time: interview.time || null, timezone: interview.timezone, mode: interview.mode, meetingLink: interview.mode === 'online' ? interview.meetingLink || null : null, location: interview.mode === 'offline' ? interview.location || null : null, notes: interview.notes || null }
            : null,
      }, base),
    onSuccess: (r) => {
      toast.success(t('rd.admin.review.done', { status: selectKey(r.data.application.status) }));
      void queryClient.invalidateQueries({ queryKey: rd.rdKeys.admin });
      onClose();
    },
    onError: (e) => {
      setAlert(errorMessage(e, t('rd.admin.review.failed')));
      toast.error(t('rd.admin.review.failed'));
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!status) return setAlert(t('rd.admin.review.selectStatus'));
    setAlert(null);
    save.mutate();
  };
  return (
    <FormDialog
      formId="rd-review-form"
      size="lg"
      title={t('rd.admin.review.title', { name: a.student.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t('rd.admin.cancel')}
      submitLabel={t('rd.admin.review.submit')}
      pendingLabel={t('rd.admin.saving')}
      pending={save.isPending}
    >
      {alert && <Alert kind="error">{alert}</Alert>}
      <SelectField label={t('rd.admin.status')} required value={status} onChange={(e) => setStatus(options.find((o) => o === e.target.value) ?? '')}>
        <option value="">{t('rd.admin.review.chooseStatus')}</option>
        {options.map((s) => <option key={s} value={s}>{text.applicationStatus(s)}</option>)}
      </SelectField>
      <TextArea label={t('rd.admin.review.notes')} dir="auto" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      {status === 'interview-scheduled' && (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">{t('rd.admin.review.interview')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={schedule} onChange={(e) => setSchedule(e.target.checked)} /> {t('rd.admin.review.scheduleNow')}
          </label>
          {schedule && (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={t('rd.admin.review.date')} type="date" required value={interview.date} onChange={(e) => setInterview((i) => ({ ...i, date: e.target.value }))} />
              <TextField label={t('rd.admin.review.time')} type="time" required value={interview.time} onChange={(e) => setInterview((i) => ({ ...i, time: e.target.value }))} />
              <TimeZoneField label={t('rd.admin.review.zone')} value={interview.timezone} onChange={(timezone) => setInterview((i) => ({ ...i, timezone }))} hint={t('rd.admin.review.zoneHint')} />
              <SelectField label={t('rd.admin.review.mode')} value={interview.mode} onChange={(e) => setInterview((i) => ({ ...i, mode: e.target.value === 'offline' ? 'offline' : 'online' }))}>
                <option value="online">{t('rd.admin.review.modeOption', { mode: 'online' })}</option>
                <option value="offline">{t('rd.admin.review.modeOption', { mode: 'offline' })}</option>
              </SelectField>
              {interview.mode === 'online' ? (
                <TextField label={t('rd.admin.review.link')} type="url" dir="ltr" hint={t('rd.admin.review.linkHint')} value={interview.meetingLink} onChange={(e) => setInterview((i) => ({ ...i, meetingLink: e.target.value }))} />
              ) : (
                <TextField label={t('rd.admin.review.location')} dir="auto" required value={interview.location} onChange={(e) => setInterview((i) => ({ ...i, location: e.target.value }))} />
              )}
              <div className="sm:col-span-2"><TextArea label={t('rd.admin.review.studentNotes')} dir="auto" rows={2} value={interview.notes} onChange={(e) => setInterview((i) => ({ ...i, notes: e.target.value }))} /></div>
            </div>
          )}
        </fieldset>
      )}
    </FormDialog>
  );
}
