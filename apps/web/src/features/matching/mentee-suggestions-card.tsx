import { INVITE_MESSAGES } from '@app/shared/matching';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useInviteStudent, useMenteeSuggestions } from './api.ts';

/** Professionals: students who have not contacted anyone yet and whose interests meet the professional's expertise. */
export function MenteeSuggestionsCard() {
  const list = useMenteeSuggestions();
  const invite = useInviteStudent();
  const toast = useToast();
  return (
    <section aria-labelledby="suggestions-heading" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="suggestions-heading" className="text-lg font-semibold text-slate-900">
        Students who might benefit
      </h2>
      <p className="text-sm text-slate-600">Students whose interests meet your expertise and who have not contacted a mentor yet. An invitation is a notification with a link to your profile.</p>
      <div className="mt-3">
        {list.isPending ? (
          <Skeleton className="h-24" />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, 'Could not load suggestions')} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-600">No suggestions right now. Adding specializations and skills to your profile widens them.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.data.map((s) => (
              <li key={s.id} className="rounded-xl border border-slate-200 p-3">
                <p className="font-medium break-words text-slate-900">{s.name}</p>
                <p className="text-sm text-slate-600">
                  {s.course}, year {s.year} · {s.university}
                </p>
                <ul className="mt-1 list-disc ps-5 text-sm text-slate-700">
                  {s.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
                <Button
                  size="sm"
                  className="mt-2"
                  disabled={invite.isPending}
                  aria-label={`Invite ${s.name} to connect`}
                  onClick={() =>
                    invite.mutate(s.id, {
                      onSuccess: () => toast.success(`${INVITE_MESSAGES.sent}: ${s.name}`),
                      onError: (e) => toast.error(errorMessage(e, 'Could not send the invitation')),
                    })
                  }
                >
                  Invite to connect
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
