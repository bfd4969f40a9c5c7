import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { RD_APPLICATION_STATUSES, RD_APPLICATION_STATUS_LABELS, RD_APPLICATION_TRANSITIONS, RD_DEFAULT_TIMEZONE, RD_DOCUMENT_LABELS, RD_MESSAGES, type RdApplicationStatus } from '@app/shared/rd-project-constants';
import type { AdminApplicationDto } from '@app/shared/rd-projects';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/hooks.ts';
import * as rd from './api.ts';
import { ApplicationStatusBadge, fmtDate, roleLabel } from './rd-ui.tsx';


/** Applications management of one project (spec 001 §2): counts, search, filters, cards, review. */
export function ApplicationsDialog({ projectId, title, onClose, base = '/admin/rd-projects' }: { projectId: string; title: string; onClose: () => void; base?: string }) {
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
  const fetchFile = (url: string, name: string) => rd.downloadDocument(url.replace('/admin/rd-projects/', `${base}/`), name).catch((e: unknown) => toast.error(errorMessage(e, 'Download failed')));

  return (
    <Dialog open size="xl" onClose={onClose} title="Applications" description={title}>
      {list.isError ? (
        <ErrorState message={RD_MESSAGES.loadApplicationsFailed} onRetry={() => void list.refetch()} />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {[
              ['Total', counts ? counts.total - counts.withdrawn : 0],
              ['Pending', counts?.pending ?? 0],
              ['Under review', counts?.underReview ?? 0],
              ['Accepted', counts?.accepted ?? 0],
              ['Rejected', counts?.rejected ?? 0],
            ].map(([label, n]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-3 text-center">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-lg font-semibold">{n}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField label="Search students" type="search" placeholder="Name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
            <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              {RD_APPLICATION_STATUSES.map((s) => <option key={s} value={s}>{RD_APPLICATION_STATUS_LABELS[s]}</option>)}
            </SelectField>
            <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
              <option value="">All roles</option>
              {(list.data?.project.roles ?? []).map((r, i) => <option key={r._id} value={r._id}>{roleLabel(r.title)} #{i + 1}</option>)}
            </SelectField>
          </div>
          {list.isPending ? (
            <Spinner label="Loading applications…" />
          ) : list.data.applications.length === 0 ? (
            <EmptyState title={RD_MESSAGES.noApplications}>{filtered ? RD_MESSAGES.noApplicationsMatch : RD_MESSAGES.noApplicationsYet}</EmptyState>
          ) : (
            <ul className="space-y-3">
              {list.data.applications.map((a) => (
                <li key={a._id} className="space-y-2 rounded-xl border border-slate-200 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">{a.student.name}</p>
                      <p className="text-sm break-all text-slate-600">{a.student.email}{a.student.phone ? ` · ${a.student.phone}` : ''}</p>
                      <p className="text-sm text-slate-600">{[a.student.university, a.student.course, a.student.year ? `Year ${a.student.year}` : null].filter(Boolean).join(' · ')}</p>
                    </div>
                    <ApplicationStatusBadge status={a.status} />
                  </div>
                  <p className="text-sm text-slate-700">
                    Role: {roleLabel(a.roleAppliedFor)} · Applied {fmtDate(a.appliedAt)}
                    {a.availableStartDate && ` · Available from ${fmtDate(a.availableStartDate)}`}
                    {a.expectedDuration && ` · ${a.expectedDuration}`}
                  </p>
                  <p className="text-sm whitespace-pre-line text-slate-800"><span className="font-medium">Motivation:</span> {a.motivation}</p>
                  {a.relevantExperience && <p className="text-sm text-slate-800"><span className="font-medium">Experience:</span> {a.relevantExperience}</p>}
                  {a.reviewNotes && <p className="text-sm text-slate-700"><span className="font-medium">Review notes:</span> {a.reviewNotes}{a.reviewedBy && ` — ${a.reviewedBy.firstName} ${a.reviewedBy.lastName}, ${fmtDate(a.reviewedAt)}`}</p>}
                  {a.interview?.scheduled && (
                    <p className="text-sm text-purple-900">
                      Interview {a.interview.date} {a.interview.time} ({a.interview.timezone}) · {a.interview.mode === 'online' ? (a.interview.meetingLink ?? 'online') : (a.interview.location ?? 'offline')}
                    </p>
                  )}
                  {a.documents.length > 0 && (
                    <ul className="flex flex-wrap gap-2" aria-label="Documents">
                      {a.documents.map((d) => (
                        <li key={d._id}>
                          <Button size="sm" variant="ghost" onClick={() => void fetchFile(d.url, d.filename)}>
                            <Download aria-hidden="true" className="h-4 w-4" /> {RD_DOCUMENT_LABELS[d.type]}: {d.filename}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {RD_APPLICATION_TRANSITIONS[a.status].length > 0 && (
                    <Button size="sm" variant="secondary" onClick={() => setReviewing(a)}>{a.status === 'pending' ? 'Review' : 'Update status'}</Button>
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
      toast.success(`Application ${r.data.application.status} successfully!`);
      void queryClient.invalidateQueries({ queryKey: rd.rdKeys.admin });
      onClose();
    },
    onError: (e) => {
      setAlert(errorMessage(e, RD_MESSAGES.reviewFailed));
      toast.error(RD_MESSAGES.reviewFailed);
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!status) return setAlert(RD_MESSAGES.selectStatus);
    setAlert(null);
    save.mutate();
  };
  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title={`Review application: ${a.student.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" form="rd-review-form" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Submit Review'}</Button>
        </>
      }
    >
      <form id="rd-review-form" className="space-y-4" onSubmit={onSubmit} noValidate>
        {alert && <Alert kind="error">{alert}</Alert>}
        <SelectField label="Status" required value={status} onChange={(e) => setStatus(options.find((o) => o === e.target.value) ?? '')}>
          <option value="">Select a status</option>
          {options.map((s) => <option key={s} value={s}>{RD_APPLICATION_STATUS_LABELS[s]}</option>)}
        </SelectField>
        <TextArea label="Review notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
        {status === 'interview-scheduled' && (
          <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium">Interview details</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4" checked={schedule} onChange={(e) => setSchedule(e.target.checked)} /> Schedule the interview now
            </label>
            {schedule && (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField label="Date" type="date" required value={interview.date} onChange={(e) => setInterview((i) => ({ ...i, date: e.target.value }))} />
                <TextField label="Time" type="time" required value={interview.time} onChange={(e) => setInterview((i) => ({ ...i, time: e.target.value }))} />
                <TimeZoneField label="Timezone" value={interview.timezone} onChange={(timezone) => setInterview((i) => ({ ...i, timezone }))} hint="Type to search every time zone" />
                <SelectField label="Mode" value={interview.mode} onChange={(e) => setInterview((i) => ({ ...i, mode: e.target.value === 'offline' ? 'offline' : 'online' }))}>
                  <option value="online">Online</option>
                  <option value="offline">Offline</option>
                </SelectField>
                {interview.mode === 'online' ? (
                  <TextField label="Meeting link" type="url" hint="Leave empty to create one automatically" value={interview.meetingLink} onChange={(e) => setInterview((i) => ({ ...i, meetingLink: e.target.value }))} />
                ) : (
                  <TextField label="Location" required value={interview.location} onChange={(e) => setInterview((i) => ({ ...i, location: e.target.value }))} />
                )}
                <div className="sm:col-span-2"><TextArea label="Notes for the student" rows={2} value={interview.notes} onChange={(e) => setInterview((i) => ({ ...i, notes: e.target.value }))} /></div>
              </div>
            )}
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
