import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, TextArea } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { cancelSession, rescheduleSession, useInvalidateMentoring } from './api.ts';
import { SlotPicker } from './slot-picker.tsx';
import { LIMITS_SHORT, MENTORING_MESSAGES, type AvailabilitySlot, type Session } from './shared.ts';
import { slotText } from './time-utils.ts';
import { useT } from '../../lib/i18n.tsx';


const isLate = (s: Session) => Date.now() >= new Date(s.changeDeadline).getTime();

/** The student cancels with a reason; inside the professional's notice it is a late cancellation (decision 700). */
export function CancelSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => cancelSession(session?._id ?? '', reason.trim()),
    onSuccess: (res) => {
      toast.success(res.message ?? MENTORING_MESSAGES.cancelledByStudent);
      void invalidate();
      setReason('');
      onClose();
    },
    onError: (e) => setError(errorMessage(e, t('mentoring.change.failedCancel'))),
  });
  if (!session) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('mentoring.change.cancelTitle')}
      description={t('mentoring.change.description', { topic: session.topic, name: session.professional.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t('mentoring.change.keep')}</Button>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => (reason.trim() ? cancel.mutate() : setError(t('mentoring.change.reasonRequired')))}
          >
            {cancel.isPending ? t('mentoring.change.saving') : t('mentoring.change.cancelConfirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Alert kind="info">{t(isLate(session) ? 'mentoring.change.late' : 'mentoring.change.inTime', { hours: session.noticeHours })}</Alert>
        <ReasonField
          label={t('mentoring.change.cancelReason')}
          rows={3}
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
      </div>
    </Dialog>
  );
}

/** The student picks a new free slot of the professional's availability, with a reason (decision 700). */
export function RescheduleSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const myZone = useMyTimeZone();
  const [timezone, setTimezone] = useState(myZone);
  const [slot, setSlot] = useState<AvailabilitySlot | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: () =>
      rescheduleSession(session?._id ?? '', {
        date: slot?.date ?? '',
        startTime: slot?.startTime ?? '',
        endTime: slot?.endTime ?? '',
        timezone,
        reason: reason.trim(),
      }),
    onSuccess: (res) => {
      toast.success(res.message ?? MENTORING_MESSAGES.rescheduledByStudent);
      void invalidate();
      onClose();
    },
    onError: (e) => {
      setError(errorMessage(e, t('mentoring.change.failedReschedule')));
      if (e instanceof ApiError && e.status === 409) {
        setSlot(null);
        void invalidate();
      }
    },
  });
  if (!session) return null;
  const submit = () => {
    if (!slot) return setError(t('mentoring.change.noneYet'));
    if (!reason.trim()) return setError(t('mentoring.change.reasonRequired'));
    move.mutate();
  };
  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={t('mentoring.change.rescheduleTitle')}
      description={t('mentoring.change.description', { topic: session.topic, name: session.professional.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t('mentoring.change.keep')}</Button>
          <Button disabled={move.isPending} onClick={submit}>
            {move.isPending ? t('mentoring.change.saving') : t('mentoring.change.confirmReschedule')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <SlotPicker
          idPrefix="reschedule"
          professionalId={session.professional._id}
          timezone={timezone}
          onTimezone={(z) => {
            setTimezone(z);
            setSlot(null);
          }}
          actionLabel={t('mentoring.change.pick')}
          picked={slot}
          onPick={(s) => {
            setSlot(s);
            setError(null);
          }}
        />
        <p className="text-sm text-slate-800" aria-live="polite">
          <span className="font-medium">{t('mentoring.change.newTime')}:</span> {slot ? slotText(slot.start, slot.end, timezone) : t('mentoring.change.noneYet')}
        </p>
        <ReasonField
          label={t('mentoring.change.rescheduleReason')}
          rows={2}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        {error && <Alert kind="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}

/** The required reason of a cancellation or a reschedule (the spec's short text limit). */
function ReasonField({ label, rows, value, error, onChange }: { label: string; rows: number; value: string; error?: string | null; onChange: (value: string) => void }) {
  return <TextArea label={label} required rows={rows} maxLength={LIMITS_SHORT} value={value} error={error} onChange={(e) => onChange(e.target.value)} />;
}
