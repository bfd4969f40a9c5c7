import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MENTOR_CAPACITY_MAX } from '@app/shared/matching';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useMentorCapacity, useSaveCapacity } from './api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';

/**
 * The professional's mentoring capacity: open requests + active mentees they take at once. At capacity,
 * recommendations stop suggesting them to students (their requests still work).
 */
export function MentorCapacityCard() {
  const t = useT();
  const format = useFormat();
  const capacity = useMentorCapacity();
  const save = useSaveCapacity();
  const toast = useToast();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (capacity.data) setValue(String(capacity.data.maxMentees));
  }, [capacity.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > MENTOR_CAPACITY_MAX) {
      setError(t('error.matching.capacityRange', { max: MENTOR_CAPACITY_MAX }));
      return;
    }
    save.mutate(n, {
      onSuccess: () => toast.success(t('matching.capacity.saved')),
      onError: (err) => setError(errorMessage(err, t('matching.capacity.saveFailed'))),
    });
  };

  return (
    <Panel headingId="capacity-heading" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" title={t('matching.capacity.heading')} intro={t('matching.capacity.intro')}>
      {capacity.isPending ? (
        <Skeleton className="mt-3 h-16" />
      ) : capacity.isError ? (
        <ErrorState message={errorMessage(capacity.error, t('matching.capacity.loadFailed'))} onRetry={() => void capacity.refetch()} />
      ) : (
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
          <div className="w-40">
            <TextField label={t('matching.capacity.field')} type="number" min={0} max={MENTOR_CAPACITY_MAX} value={value} onChange={(e) => setValue(e.target.value)} error={error} />
          </div>
          <Button type="submit" disabled={save.isPending}>
            {t('matching.capacity.save')}
          </Button>
          <p className="text-sm text-slate-700" role="status">
            {t('matching.capacity.now', { requests: format.number(capacity.data.openRequests), mentees: format.number(capacity.data.activeMentees) })}
            {capacity.data.atCapacity ? <> · {t('matching.capacity.full')}</> : null}
            {capacity.data.isDefault ? <> · {t('matching.capacity.default')}</> : null}
          </p>
        </form>
      )}
      {error && !capacity.data && <Alert kind="error">{error}</Alert>}
      <p className="mt-3 text-sm">
        <Link to="/programmes" className="font-medium text-brand-700 underline">
          {t('matching.capacity.programmes')}
        </Link>
      </p>
    </Panel>
  );
}
