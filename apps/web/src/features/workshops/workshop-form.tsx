import { useState, type FormEvent } from 'react';
import { uniqueTrimmed } from '@app/shared/text';
import {
  BANNER_MAX_BYTES,
  WORKSHOP_FORM_MESSAGES,
  adminWorkshopBody,
  myWorkshopBody,
  type InstructorOption,
} from '@app/shared/workshop-admin';
import { DEFAULT_WORKSHOP_TIMEZONE, DELIVERY_MODES, WORKSHOP_CATEGORIES, WORKSHOP_DIFFICULTIES } from '@app/shared/workshop-constants';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { nonexistentTimeProblem } from '@app/shared/time-zones';
import { useT, type MessageKey } from '../../lib/i18n.tsx';

/** The shared schema's messages (the spec's English) and their catalogue entries, to show them in the page's language. */
const FORM_MESSAGE_KEYS: Partial<Record<keyof typeof WORKSHOP_FORM_MESSAGES, MessageKey>> = {
  title: 'error.workshop.title',
  description: 'error.workshop.description',
  category: 'error.workshop.category',
  difficulty: 'error.workshop.difficulty',
  deliveryMode: 'error.workshop.deliveryMode',
  date: 'error.workshop.date',
  startTime: 'error.workshop.startTime',
  endTime: 'error.workshop.endTime',
  maxParticipants: 'error.workshop.maxParticipants',
  endAfterStart: 'error.workshop.endAfterStart',
  timezone: 'error.workshop.timezone',
  instructor: 'error.workshop.instructor',
  instructorInvalid: 'error.workshop.instructorInvalid',
  manualName: 'error.workshop.manualName',
  manualEmail: 'error.workshop.manualEmail',
  manualTitle: 'error.workshop.manualTitle',
  imageType: 'error.workshop.imageType',
  imageSize: 'error.workshop.imageSize',
  noProfessionals: 'error.workshop.noProfessionals',
};

export interface WorkshopFormValue {
  body: Record<string, unknown>;
  banner: File | null;
}

interface Props {
  /** `university`: a university admin submits it for approval (manual instructor, no status, no banner: decision 630). */
  mode: 'admin' | 'professional' | 'university';
  initial?: WorkshopDto | null;
  instructors?: InstructorOption[];
  busy?: boolean;
  onSubmit: (value: WorkshopFormValue) => void;
  onCancel: () => void;
}

const lines = (text: string) => uniqueTrimmed(text.split(/\n|,/));

/**
 * The workshop form shared by the admin console and the professional dashboard (spec 001 §5 "Workshop
 * form"): the same shared schema checks it here and on the server.
 */
export function WorkshopForm({ mode, initial, instructors = [], busy, onSubmit, onCancel }: Props) {
  const t = useT();
  /** A schema message in the page's language (any other text is shown as it came). */
  const say = (english: string) => {
    const name = (Object.keys(WORKSHOP_FORM_MESSAGES) as (keyof typeof WORKSHOP_FORM_MESSAGES)[]).find((k) => WORKSHOP_FORM_MESSAGES[k] === english);
    const key = name ? FORM_MESSAGE_KEYS[name] : undefined;
    return key ? t(key) : english;
  };
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [category, setCategory] = useState(initial?.category ?? '');
  const [difficulty, setDifficulty] = useState(initial?.difficulty ?? 'Beginner');
  const [deliveryMode, setDeliveryMode] = useState<string>(initial?.deliveryMode ?? 'online');
  const [date, setDate] = useState(initial?.schedule.date ?? '');
  const [startTime, setStartTime] = useState(initial?.schedule.startTime ?? '');
  const [endTime, setEndTime] = useState(initial?.schedule.endTime ?? '');
  const [timezone, setTimezone] = useState(initial?.schedule.timezone ?? DEFAULT_WORKSHOP_TIMEZONE);
  const [maxParticipants, setMax] = useState(String(initial?.capacity.maxParticipants ?? 30));
  const [tags, setTags] = useState((initial?.tags ?? []).join('\n'));
  const [prerequisites, setPrereq] = useState((initial?.prerequisites ?? []).join('\n'));
  const [outcomes, setOutcomes] = useState((initial?.learningOutcomes ?? []).join('\n'));
  const [meetingLink, setMeetingLink] = useState(initial?.meetingDetails?.link ?? '');
  const [venue, setVenue] = useState(initial?.location?.venue ?? '');
  const [address, setAddress] = useState(initial?.location?.address ?? '');
  const [city, setCity] = useState(initial?.location?.city ?? '');
  const [status, setStatus] = useState(initial?.status === 'published' ? 'published' : 'draft');
  const [instructorKind, setInstructorKind] = useState<'professional' | 'manual'>(
    initial?.manualInstructor || mode === 'university' ? 'manual' : 'professional',
  );
  const choosesInstructor = mode !== 'professional';
  const [professionalId, setProfessionalId] = useState(initial?.professionalId ?? '');
  const [manual, setManual] = useState({
    name: initial?.manualInstructor?.name ?? '',
    email: initial?.manualInstructor?.email ?? '',
    title: initial?.manualInstructor?.title ?? '',
    company: initial?.manualInstructor?.company ?? '',
    expertise: initial?.manualInstructor?.expertise ?? '',
    bio: initial?.manualInstructor?.bio ?? '',
  });
  const [banner, setBanner] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const online = deliveryMode === 'online' || deliveryMode === 'hybrid';
  const offline = deliveryMode === 'offline' || deliveryMode === 'hybrid';
  const instructorReady =
    mode === 'professional' ||
    (instructorKind === 'professional'
      ? Boolean(professionalId)
      : Boolean(manual.name.trim() && manual.email.trim() && manual.title.trim()));
  const canSubmit = Boolean(title.trim() && description.trim() && category) && instructorReady && !busy;

  const onBanner = (file: File | undefined) => {
    setError(null);
    if (!file) return setBanner(null);
    if (!file.type.startsWith('image/')) {
      setBanner(null);
      return setError(say(WORKSHOP_FORM_MESSAGES.imageType));
    }
    if (file.size > BANNER_MAX_BYTES) {
      setBanner(null);
      return setError(say(WORKSHOP_FORM_MESSAGES.imageSize));
    }
    setBanner(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A time the clocks skip on that date is refused before sending, in the API's own words (decision 820).
    const skipped = date ? [startTime, endTime].find((time) => nonexistentTimeProblem(date, [time], timezone)) : undefined;
    if (skipped) return setError(t('pro.schedule.nonexistent', { time: skipped.slice(0, 5), date, zone: timezone }));
    const body: Record<string, unknown> = {
      title,
      description,
      category,
      difficulty,
      deliveryMode,
      date,
      startTime,
      endTime,
      timezone,
      maxParticipants: Number(maxParticipants),
      tags: lines(tags),
      prerequisites: lines(prerequisites),
      learningOutcomes: lines(outcomes),
      meetingLink: online ? meetingLink.trim() : '',
      venue: offline ? venue : '',
      address: offline ? address : '',
      city: offline ? city : '',
      status,
    };
    if (mode === 'university') delete body.status;
    if (choosesInstructor) {
      if (instructorKind === 'professional') {
        body.professionalId = professionalId || null;
        body.manualInstructor = null;
      } else {
        body.professionalId = null;
        body.manualInstructor = {
          name: manual.name,
          email: manual.email,
          title: manual.title,
          ...(manual.company.trim() ? { company: manual.company } : {}),
          ...(manual.expertise.trim() ? { expertise: manual.expertise } : {}),
          ...(manual.bio.trim() ? { bio: manual.bio } : {}),
        };
      }
    }
    const labels: Record<string, string> = {
      title: t('workshops.form.title'),
      description: t('workshops.form.description'),
      category: t('workshops.tab.category'),
      difficulty: t('workshops.form.difficulty'),
      deliveryMode: t('workshops.form.deliveryMode'),
      date: t('workshops.form.date'),
      startTime: t('workshops.form.startTime'),
      endTime: t('workshops.form.endTime'),
      timezone: t('workshops.form.timezone'),
      maxParticipants: t('workshops.form.maxParticipants'),
      meetingLink: t('workshops.form.meetingLink'),
      venue: t('workshops.detail.venue'),
      address: t('workshops.form.address'),
      city: t('workshops.form.city'),
      status: t('workshops.form.status'),
      professionalId: t('workshops.form.professional'),
      'manualInstructor.name': t('workshops.form.name'),
      'manualInstructor.email': t('common.email'),
      'manualInstructor.title': t('workshops.form.jobTitle'),
      'manualInstructor.company': t('workshops.form.company'),
      'manualInstructor.expertise': t('workshops.form.expertise'),
      'manualInstructor.bio': t('workshops.form.bio'),
      tags: t('workshops.mine.tags'),
      prerequisites: t('workshops.detail.prerequisites'),
      learningOutcomes: t('workshops.form.outcomes'),
    };
    // The check's messages load on submit, not with the dashboard (decision 950).
    const { checkForm } = await import('../../lib/form-check.ts');
    const checked = checkForm(choosesInstructor ? adminWorkshopBody : myWorkshopBody, body, t, { own: say, label: (field) => labels[field] });
    if (!checked.success) {
      setError(checked.messages[0] || t('workshops.form.checkForm'));
      return;
    }
    setError(null);
    onSubmit({ body, banner });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <TextField label={t('workshops.form.title')} required value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      <TextArea
        label={t('workshops.form.description')}
        required
        rows={4}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={5000}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t('workshops.tab.category')} required value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('workshops.form.selectCategory')}</option>
          {WORKSHOP_CATEGORIES.map((c) => (
            <option key={c} value={c}>{t('workshops.card.category', { category: c.replace(/\s+/g, '') })}</option>
          ))}
        </SelectField>
        <SelectField label={t('workshops.form.difficulty')} required value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
          {WORKSHOP_DIFFICULTIES.map((d) => (
            <option key={d} value={d}>{t('workshops.card.difficulty', { level: d })}</option>
          ))}
        </SelectField>
        <SelectField label={t('workshops.form.deliveryMode')} required value={deliveryMode} onChange={(e) => setDeliveryMode(e.target.value)}>
          {DELIVERY_MODES.map((d) => (
            <option key={d} value={d}>
              {t('workshops.card.mode', { mode: d })}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t('workshops.form.date')} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField label={t('workshops.form.startTime')} type="time" required value={startTime} onChange={(e) => setStartTime(e.target.value)} />
        <TextField label={t('workshops.form.endTime')} type="time" required value={endTime} onChange={(e) => setEndTime(e.target.value)} />
        <TimeZoneField label={t('workshops.form.timezone')} value={timezone} onChange={setTimezone} hint={t('workshops.form.typeToSearch')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('workshops.form.maxParticipants')}
          type="number"
          min={1}
          max={1000}
          required
          value={maxParticipants}
          onChange={(e) => setMax(e.target.value)}
          hint={initial ? t('workshops.form.alreadyRegistered', { count: initial.registeredCount }) : t('workshops.form.range', { min: 1, max: 1000 })}
        />
        {mode === 'university' ? (
          <p className="self-end text-sm text-slate-700">{t('workshops.form.reviewed')}</p>
        ) : (
          <SelectField
            label={t('workshops.form.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value === 'published' ? 'published' : 'draft')}
          >
            <option value="draft">{t('workshops.form.draft')}</option>
            <option value="published">{t('workshops.form.published')}</option>
          </SelectField>
        )}
      </div>
      {online && (
        <TextField
          label={t('workshops.form.meetingLink')}
          type="url"
          dir="ltr"
          placeholder={t('workshops.form.meetingLinkExample')}
          value={meetingLink}
          onChange={(e) => setMeetingLink(e.target.value)}
          hint={t('workshops.form.meetingLinkHint')}
        />
      )}
      {offline && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('workshops.detail.venue')} value={venue} onChange={(e) => setVenue(e.target.value)} />
          <TextField label={t('workshops.form.address')} value={address} onChange={(e) => setAddress(e.target.value)} />
          <TextField label={t('workshops.form.city')} value={city} onChange={(e) => setCity(e.target.value)} />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextArea label={t('workshops.mine.tags')} hint={t('workshops.form.onePerLine')} rows={3} value={tags} onChange={(e) => setTags(e.target.value)} />
        <TextArea
          label={t('workshops.detail.prerequisites')}
          hint={t('workshops.form.onePerLine')}
          rows={3}
          value={prerequisites}
          onChange={(e) => setPrereq(e.target.value)}
        />
        <TextArea
          label={t('workshops.form.outcomes')}
          hint={t('workshops.form.onePerLine')}
          rows={3}
          value={outcomes}
          onChange={(e) => setOutcomes(e.target.value)}
        />
      </div>
      {choosesInstructor && (
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold">{t('workshops.detail.instructor')}</legend>
          <div className={mode === 'university' ? 'hidden' : 'mb-3 flex flex-wrap gap-4 text-sm'}>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="instructor-kind"
                checked={instructorKind === 'professional'}
                onChange={() => setInstructorKind('professional')}
              />
              {t('workshops.form.existingProfessional')}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="instructor-kind"
                checked={instructorKind === 'manual'}
                onChange={() => setInstructorKind('manual')}
              />
              {t('workshops.form.manualInstructor')}
            </label>
          </div>
          {instructorKind === 'professional' ? (
            instructors.length === 0 ? (
              <p className="text-sm text-slate-700">{say(WORKSHOP_FORM_MESSAGES.noProfessionals)}</p>
            ) : (
              <SelectField
                label={t('workshops.form.professional')}
                required
                value={professionalId}
                onChange={(e) => setProfessionalId(e.target.value)}
              >
                <option value="">{t('workshops.form.selectProfessional')}</option>
                {instructors.map((p) => (
                  <option key={p._id} value={p._id}>
                    {p.name} — {p.title || p.expertise}
                  </option>
                ))}
              </SelectField>
            )
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('workshops.form.name')}
                required
                value={manual.name}
                onChange={(e) => setManual({ ...manual, name: e.target.value })}
              />
              <TextField
                label={t('common.email')}
                type="email"
                required
                value={manual.email}
                onChange={(e) => setManual({ ...manual, email: e.target.value })}
              />
              <TextField
                label={t('workshops.form.jobTitle')}
                required
                value={manual.title}
                onChange={(e) => setManual({ ...manual, title: e.target.value })}
              />
              <TextField
                label={t('workshops.form.company')}
                value={manual.company}
                onChange={(e) => setManual({ ...manual, company: e.target.value })}
              />
              <TextField
                label={t('workshops.form.expertise')}
                value={manual.expertise}
                onChange={(e) => setManual({ ...manual, expertise: e.target.value })}
              />
              <TextArea label={t('workshops.form.bio')} rows={2} value={manual.bio} onChange={(e) => setManual({ ...manual, bio: e.target.value })} />
            </div>
          )}
        </fieldset>
      )}
      <div className={mode === 'university' ? 'hidden' : undefined}>
        <label className="block text-sm font-medium text-slate-800" htmlFor="workshop-banner">
          {t('workshops.form.banner')}
        </label>
        <input
          id="workshop-banner"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="mt-1 block w-full text-sm"
          onChange={(e) => onBanner(e.target.files?.[0])}
        />
        <p className="mt-1 text-xs text-slate-600">
          {t('workshops.form.bannerHint')}
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          {t('shell.dialog.cancel')}
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {busy ? t('workshops.form.saving') : initial ? t('workshops.form.update') : mode === 'university' ? t('workshops.form.submitForApproval') : t('workshops.mine.create')}
        </Button>
      </div>
    </form>
  );
}
