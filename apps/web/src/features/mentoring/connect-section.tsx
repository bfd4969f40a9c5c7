import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextArea } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { isFullId, mentoringKeys, sendConnect, useAvailability } from './api.ts';
import { SlotPicker } from './slot-picker.tsx';
import { LIMITS_SHORT, todayIn, type AvailabilitySlot } from './shared.ts';
import { slotText } from './time-utils.ts';
import { useT } from '../../lib/i18n.tsx';


type Step = 0 | 1 | 2;

/**
 * The student's booking flow (issue 29): choose a slot of the professional's availability (or none) →
 * write a message → review → send. Each step keeps what was entered when going back; nothing is sent
 * before "Send request". The zone defaults to the person's own (profile, else browser; decision 702).
 */
export function ConnectSection({
  professionalId,
  professionalName,
  onDone,
}: {
  professionalId: string;
  professionalName: string;
  onDone?: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const myZone = useMyTimeZone();
  const [timezone, setTimezone] = useState<string>(myZone);
  const [zoneTouched, setZoneTouched] = useState(false);
  // The profile's zone may arrive after the first render.
  useEffect(() => {
    if (!zoneTouched) setTimezone(myZone);
  }, [myZone, zoneTouched]);
  const [step, setStep] = useState<Step>(0);
  const [slot, setSlot] = useState<AvailabilitySlot | null>(null);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step, sent]);

  // Only to know whether requests are paused (the picker shares this query's cache).
  const today = todayIn(timezone);
  const paused = useAvailability(professionalId, today, today, timezone).data?.acceptingRequests === false;

  const connect = useMutation({
    mutationFn: () =>
      sendConnect(professionalId, {
        message: message.trim() || undefined,
        slot: slot ? { start: slot.start, end: slot.end, timezone } : undefined,
      }),
    onSuccess: () => {
      setFailure(null);
      setSent(true);
      toast.success(t('mentoring.connect.sent'));
      void client.invalidateQueries({ queryKey: mentoringKeys.all });
    },
    onError: (error) => {
      setFailure(errorMessage(error, t('mentoring.connect.failed')));
      // A slot taken meanwhile: back to the picker with the fresh picture; the message stays.
      if (error instanceof ApiError && error.status === 409 && slot) {
        setSlot(null);
        setStep(0);
        void client.invalidateQueries({ queryKey: ['mentoring', 'availability', professionalId] });
      }
    },
  });

  if (!isFullId(professionalId)) return null;

  if (sent) {
    return (
      <section aria-labelledby="connect-heading" className="space-y-3">
        <h3 id="connect-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {t('mentoring.connect.sentTitle')}
        </h3>
        <p className="text-sm text-slate-700">{t('mentoring.connect.sentBody')}</p>
        {onDone && <Button variant="secondary" onClick={onDone}>{t('mentoring.connect.close')}</Button>}
      </section>
    );
  }

  return (
    <section aria-labelledby="connect-heading" className="space-y-4">
      <div>
        <h3 id="connect-heading" className="text-lg font-semibold text-slate-900">
          {t('mentoring.connect.heading', { name: professionalName })}
        </h3>
        <ol className="mt-2 flex flex-wrap gap-2 text-xs" aria-label={t('mentoring.connect.steps')}>
          {([0, 1, 2] as const).map((i) => (
            <li
              key={i}
              aria-current={i === step ? 'step' : undefined}
              className={`rounded-full px-2 py-0.5 ${i === step ? 'bg-brand-700 font-semibold text-white' : i < step ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-700'}`}
            >
              {i + 1}. {t('mentoring.connect.step', { step: i })}
            </li>
          ))}
        </ol>
      </div>
      <h4 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        {t('mentoring.connect.stepOf', { n: step + 1, name: t('mentoring.connect.step', { step }) })}
      </h4>
      {paused && <Alert kind="info">{t('mentoring.connect.notAccepting')}</Alert>}
      {failure && <Alert kind="error">{failure}</Alert>}

      {step === 0 && (
        <>
          <SlotPicker
            idPrefix="connect"
            professionalId={professionalId}
            timezone={timezone}
            onTimezone={(zone) => {
              setZoneTouched(true);
              setTimezone(zone);
              setSlot(null);
            }}
            actionLabel={t('mentoring.connect.requestSlot')}
            picked={slot}
            disabled={paused}
            onPick={(s) => {
              setSlot(s);
              setFailure(null);
              setStep(1);
            }}
          />
          <Button
            variant="ghost"
            disabled={paused}
            onClick={() => {
              setSlot(null);
              setFailure(null);
              setStep(1);
            }}
          >
            {t('mentoring.connect.withoutTime')}
            <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
          </Button>
        </>
      )}

      {step === 1 && (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            setStep(2);
          }}
        >
          <p className="text-sm text-slate-700">
            <span className="font-medium">{t('mentoring.connect.time')}:</span> {slot ? slotText(slot.start, slot.end, timezone) : t('mentoring.connect.noTime')}
          </p>
          <TextArea
            label={t('mentoring.connect.messageLabel')}
            rows={4}
            maxLength={LIMITS_SHORT}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder={t('mentoring.connect.messagePlaceholder', { name: professionalName })}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" onClick={() => setStep(0)}>
              <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('mentoring.connect.back')}
            </Button>
            <Button type="submit">
              {t('mentoring.connect.toReview')}
              <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
            </Button>
          </div>
        </form>
      )}

      {step === 2 && (
        <div className="space-y-3">
          <dl className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
            <div>
              <dt className="text-xs text-slate-600">{t('mentoring.connect.to')}</dt>
              <dd>{professionalName}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{t('mentoring.connect.time')}</dt>
              <dd>{slot ? slotText(slot.start, slot.end, timezone) : t('mentoring.connect.noTime')}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{t('mentoring.connect.message')}</dt>
              <dd className="whitespace-pre-line">{message.trim() || t('mentoring.connect.noMessage')}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setStep(1)} disabled={connect.isPending}>
              <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('mentoring.connect.back')}
            </Button>
            <Button onClick={() => connect.mutate()} disabled={connect.isPending || paused}>
              <Send className="h-4 w-4" aria-hidden="true" />
              {connect.isPending ? t('mentoring.connect.sending') : t('mentoring.connect.send')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
