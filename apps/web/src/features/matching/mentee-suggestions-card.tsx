import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useInviteStudent, useMenteeSuggestions } from './api.ts';
import { rich, useT } from '../../lib/i18n.tsx';
import { Panel } from '../../components/ui/panel.tsx';

/** Professionals: students who have not contacted anyone yet and whose interests meet the professional's expertise. */
export function MenteeSuggestionsCard() {
  const t = useT();
  const list = useMenteeSuggestions();
  const invite = useInviteStudent();
  const toast = useToast();
  return (
    <Panel
      headingId="suggestions-heading"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      title={t('matching.mentees.heading')}
      intro={t('matching.mentees.intro')}
    >
      <div className="mt-3">
        {list.isPending ? (
          <Skeleton className="h-24" />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, t('matching.mentees.loadFailed'))} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('matching.mentees.empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.data.map((s) => (
              <li key={s.id} className="rounded-xl border border-slate-200 p-3">
                <p dir="auto" className="font-medium break-words text-slate-900">{s.name}</p>
                <p className="text-sm text-slate-600">
                  {rich(t('matching.mentees.studies', { course: s.course, year: s.year, university: s.university }), {
                    course: (chunk) => <bdi>{chunk}</bdi>,
                    university: (chunk) => <bdi>{chunk}</bdi>,
                  })}
                </p>
                <ul className="mt-1 list-disc ps-5 text-sm text-slate-700">
                  {s.reasons.map((r) => (
                    <li key={r} dir="auto">{r}</li>
                  ))}
                </ul>
                <Button
                  size="sm"
                  className="mt-2"
                  disabled={invite.isPending}
                  aria-label={t('matching.mentees.inviteLabel', { name: s.name })}
                  onClick={() =>
                    invite.mutate(s.id, {
                      onSuccess: () => toast.success(t('matching.mentees.sent', { name: s.name })),
                      onError: (e) => toast.error(errorMessage(e, t('matching.mentees.sendFailed'))),
                    })
                  }
                >
                  {t('matching.mentees.invite')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
