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

export const changeCopy = {
  cancelTitle: 'Cancel this session?',
  cancelReason: 'Reason for cancelling',
  cancelConfirm: 'Cancel session',
  keep: 'Keep session',
  late: (h: number) =>
    `This session starts in less than ${h} hour${h === 1 ? '' : 's'}: cancelling now is recorded as a late cancellation.`,
  inTime: (h: number) => `Free cancellation up to ${h} hour${h === 1 ? '' : 's'} before the start.`,
  rescheduleTitle: 'Reschedule session',
  rescheduleReason: 'Reason for the change',
  pick: 'Choose this time',
  newTime: 'New time',
  noneYet: 'Pick a free slot above.',
  confirmReschedule: 'Confirm new time',
  saving: 'Saving…',
  reasonNeeded: MENTORING_MESSAGES.reasonRequired,
  failedCancel: 'Failed to cancel the session. Please try again.',
  failedReschedule: 'Failed to reschedule the session. Please try again.',
};

const isLate = (s: Session) => Date.now() >= new Date(s.changeDeadline).getTime();

/** The student cancels with a reason; inside the professional's notice it is a late cancellation (decision 700). */
export function CancelSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
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
    onError: (e) => setError(errorMessage(e, changeCopy.failedCancel)),
  });
  if (!session) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={changeCopy.cancelTitle}
      description={`${session.topic} with ${session.professional.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{changeCopy.keep}</Button>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => (reason.trim() ? cancel.mutate() : setError(changeCopy.reasonNeeded))}
          >
            {cancel.isPending ? changeCopy.saving : changeCopy.cancelConfirm}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Alert kind="info">{isLate(session) ? changeCopy.late(session.noticeHours) : changeCopy.inTime(session.noticeHours)}</Alert>
        <TextArea
          label={changeCopy.cancelReason}
          required
          rows={3}
          maxLength={LIMITS_SHORT}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      </div>
    </Dialog>
  );
}

/** The student picks a new free slot of the professional's availability, with a reason (decision 700). */
export function RescheduleSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
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
      setError(errorMessage(e, changeCopy.failedReschedule));
      if (e instanceof ApiError && e.status === 409) {
        setSlot(null);
        void invalidate();
      }
    },
  });
  if (!session) return null;
  const submit = () => {
    if (!slot) return setError(changeCopy.noneYet);
    if (!reason.trim()) return setError(changeCopy.reasonNeeded);
    move.mutate();
  };
  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={changeCopy.rescheduleTitle}
      description={`${session.topic} with ${session.professional.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{changeCopy.keep}</Button>
          <Button disabled={move.isPending} onClick={submit}>
            {move.isPending ? changeCopy.saving : changeCopy.confirmReschedule}
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
          actionLabel={changeCopy.pick}
          picked={slot}
          onPick={(s) => {
            setSlot(s);
            setError(null);
          }}
        />
        <p className="text-sm text-slate-800" aria-live="polite">
          <span className="font-medium">{changeCopy.newTime}:</span> {slot ? slotText(slot.start, slot.end, timezone) : changeCopy.noneYet}
        </p>
        <TextArea
          label={changeCopy.rescheduleReason}
          required
          rows={2}
          maxLength={LIMITS_SHORT}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {error && <Alert kind="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
