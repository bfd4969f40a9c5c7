import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MAX_NOTICE_HOURS } from '@app/shared/mentoring';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';

/** The professional's notice policy (decision 700). */
export function NoticePolicyForm({
  noticeHours,
  save,
  onSaved,
}: {
  noticeHours: number;
  save: (hours: number) => Promise<{ message?: string }>;
  onSaved: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const [value, setValue] = useState(String(noticeHours));
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (hours: number) => save(hours),
    onSuccess: (r) => {
      toast.success(r.message ?? t('pro.notice.saved'));
      onSaved();
    },
    onError: (e) => setError(errorMessage(e, t('pro.notice.failed'))),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The schema (and zod) loads on submit, not with the dashboard (decision 950).
    const { bookingPolicyBody } = await import('../mentoring/schemas.ts');
    const parsed = bookingPolicyBody.safeParse({ noticeHours: value.trim() === '' ? NaN : Number(value) });
    if (!parsed.success) return setError(t('pro.notice.invalid'));
    setError(null);
    mutation.mutate(parsed.data.noticeHours);
  };
  return (
    <section aria-labelledby="notice-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="notice-heading" className="font-semibold text-slate-900">
        {t('pro.notice.heading')}
      </h2>
      <form className="mt-3 space-y-3" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('pro.notice.label')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_NOTICE_HOURS}
          step={1}
          value={value}
          hint={t('pro.notice.hint', { max: MAX_NOTICE_HOURS })}
          error={error}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          {mutation.isPending ? t('pro.profile.saving') : t('pro.notice.save')}

        </Button>
      </form>
    </section>
  );
}
