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
      return setError(WORKSHOP_FORM_MESSAGES.imageType);
    }
    if (file.size > BANNER_MAX_BYTES) {
      setBanner(null);
      return setError(WORKSHOP_FORM_MESSAGES.imageSize);
    }
    setBanner(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A time the clocks skip on that date is refused before sending, in the API's own words (decision 820).
    const gap = date ? nonexistentTimeProblem(date, [startTime, endTime], timezone) : null;
    if (gap) return setError(gap);
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
    const parsed = (choosesInstructor ? adminWorkshopBody : myWorkshopBody).safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    onSubmit({ body, banner });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      <TextArea
        label="Description"
        required
        rows={4}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={5000}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Category" required value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">Select a category</option>
          {WORKSHOP_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <SelectField label="Difficulty" required value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
          {WORKSHOP_DIFFICULTIES.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </SelectField>
        <SelectField label="Delivery mode" required value={deliveryMode} onChange={(e) => setDeliveryMode(e.target.value)}>
          {DELIVERY_MODES.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label="Date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField label="Start time" type="time" required value={startTime} onChange={(e) => setStartTime(e.target.value)} />
        <TextField label="End time" type="time" required value={endTime} onChange={(e) => setEndTime(e.target.value)} />
        <TimeZoneField label="Timezone" value={timezone} onChange={setTimezone} hint="Type to search" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Max participants"
          type="number"
          min={1}
          max={1000}
          required
          value={maxParticipants}
          onChange={(e) => setMax(e.target.value)}
          hint={initial ? `${initial.registeredCount} already registered` : '1 to 1000'}
        />
        {mode === 'university' ? (
          <p className="self-end text-sm text-slate-700">An administrator reviews it before your students can see it.</p>
        ) : (
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value === 'published' ? 'published' : 'draft')}
          >
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </SelectField>
        )}
      </div>
      {online && (
        <TextField
          label="Meeting link"
          type="url"
          placeholder="https://…"
          value={meetingLink}
          onChange={(e) => setMeetingLink(e.target.value)}
          hint="Leave empty to create a meeting room automatically"
        />
      )}
      {offline && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Venue" value={venue} onChange={(e) => setVenue(e.target.value)} />
          <TextField label="Address" value={address} onChange={(e) => setAddress(e.target.value)} />
          <TextField label="City" value={city} onChange={(e) => setCity(e.target.value)} />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextArea label="Tags" hint="One per line" rows={3} value={tags} onChange={(e) => setTags(e.target.value)} />
        <TextArea
          label="Prerequisites"
          hint="One per line"
          rows={3}
          value={prerequisites}
          onChange={(e) => setPrereq(e.target.value)}
        />
        <TextArea
          label="Learning outcomes"
          hint="One per line"
          rows={3}
          value={outcomes}
          onChange={(e) => setOutcomes(e.target.value)}
        />
      </div>
      {choosesInstructor && (
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold">Instructor</legend>
          <div className={mode === 'university' ? 'hidden' : 'mb-3 flex flex-wrap gap-4 text-sm'}>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="instructor-kind"
                checked={instructorKind === 'professional'}
                onChange={() => setInstructorKind('professional')}
              />
              Existing professional
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="instructor-kind"
                checked={instructorKind === 'manual'}
                onChange={() => setInstructorKind('manual')}
              />
              Manual instructor
            </label>
          </div>
          {instructorKind === 'professional' ? (
            instructors.length === 0 ? (
              <p className="text-sm text-slate-700">{WORKSHOP_FORM_MESSAGES.noProfessionals}</p>
            ) : (
              <SelectField
                label="Professional"
                required
                value={professionalId}
                onChange={(e) => setProfessionalId(e.target.value)}
              >
                <option value="">Select a professional</option>
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
                label="Name"
                required
                value={manual.name}
                onChange={(e) => setManual({ ...manual, name: e.target.value })}
              />
              <TextField
                label="Email"
                type="email"
                required
                value={manual.email}
                onChange={(e) => setManual({ ...manual, email: e.target.value })}
              />
              <TextField
                label="Title"
                required
                value={manual.title}
                onChange={(e) => setManual({ ...manual, title: e.target.value })}
              />
              <TextField
                label="Company"
                value={manual.company}
                onChange={(e) => setManual({ ...manual, company: e.target.value })}
              />
              <TextField
                label="Expertise"
                value={manual.expertise}
                onChange={(e) => setManual({ ...manual, expertise: e.target.value })}
              />
              <TextArea label="Bio" rows={2} value={manual.bio} onChange={(e) => setManual({ ...manual, bio: e.target.value })} />
            </div>
          )}
        </fieldset>
      )}
      <div className={mode === 'university' ? 'hidden' : undefined}>
        <label className="block text-sm font-medium text-slate-800" htmlFor="workshop-banner">
          Banner image
        </label>
        <input
          id="workshop-banner"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="mt-1 block w-full text-sm"
          onChange={(e) => onBanner(e.target.files?.[0])}
        />
        <p className="mt-1 text-xs text-slate-600">
          PNG, JPEG or WebP under 5 MB. Without one, the category's default banner is shown.
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {busy ? 'Saving…' : initial ? 'Update Workshop' : mode === 'university' ? 'Submit for approval' : 'Create Workshop'}
        </Button>
      </div>
    </form>
  );
}
