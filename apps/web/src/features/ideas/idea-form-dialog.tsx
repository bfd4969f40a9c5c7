import { useEffect, useState, type FormEvent } from 'react';
import { IDEA_CATEGORIES, IDEA_MESSAGES, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSaveIdea } from './api.ts';

const EMPTY = { title: '', category: '', description: '', isPublic: false, tags: '' };
const IDEA_FIELD_COPY = {
  title: 'Enter a title for your idea',
  category: 'Choose a category',
  description: 'Describe your idea',
} as const;

/** Submit New Idea, save as draft, and edit a draft (spec 000 §5 "Submit idea"). */
export function IdeaFormDialog({ open, draft, onClose }: { open: boolean; draft?: IdeaDto | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveIdea();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'title' | 'category' | 'description', string>>>({});

  useEffect(() => {
    if (!open) return;
    setError(null);
    setFieldErrors({});
    setForm(draft ? { title: draft.title, category: draft.category, description: draft.description, isPublic: draft.isPublic, tags: draft.tags.join(', ') } : EMPTY);
  }, [open, draft]);

  const submit = (asDraft: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    const input = {
      title: form.title.trim(),
      category: form.category.trim(),
      description: form.description.trim(),
      isPublic: form.isPublic,
      tags: form.tags.split(',').map((t) => t.trim()).filter(Boolean),
    };
    // The form's own messages, on each empty field (never the browser's): WCAG 1.3.1 / 3.3.1.
    const missing = {
      title: input.title ? undefined : IDEA_FIELD_COPY.title,
      category: input.category ? undefined : IDEA_FIELD_COPY.category,
      description: input.description ? undefined : IDEA_FIELD_COPY.description,
    };
    setFieldErrors(missing);
    if (!input.title || !input.category || !input.description) {
      setError(IDEA_MESSAGES.required);
      const first = (['title', 'category', 'description'] as const).find((k) => missing[k]);
      if (first) document.querySelector<HTMLElement>(`#idea-form [name="${first}"]`)?.focus();
      return;
    }
    save.mutate(
      { id: draft?.id, input, asDraft },
      {
        onSuccess: () => {
          toast.success(asDraft ? IDEA_MESSAGES.draftSaved : IDEA_MESSAGES.submitted);
          onClose();
        },
        onError: (err) => setError(errorMessage(err, IDEA_MESSAGES.submitFailed)),
      },
    );
  };
  const set = (patch: Partial<typeof EMPTY>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
    setFieldErrors((errs) => ({ ...errs, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={draft ? 'Edit Draft Idea' : 'Submit New Idea'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
          <Button variant="secondary" onClick={() => submit(true)()} disabled={save.isPending}>Save as draft</Button>
          <Button type="submit" form="idea-form" disabled={save.isPending}>{save.isPending ? 'Submitting…' : 'Submit Idea'}</Button>
        </>
      }
    >
      <form id="idea-form" onSubmit={submit(false)} className="space-y-4" noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label="Title" name="title" required error={fieldErrors.title} maxLength={200} value={form.title} onChange={(e) => set({ title: e.target.value })} />
        <SelectField label="Category" name="category" required error={fieldErrors.category} value={form.category} onChange={(e) => set({ category: e.target.value })}>
          <option value="">Select a category</option>
          {IDEA_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
        </SelectField>
        <TextArea label="Description" name="description" required error={fieldErrors.description} rows={6} maxLength={5000} value={form.description} onChange={(e) => set({ description: e.target.value })} />
        <TextField label="Tags" hint="Separate tags with commas (up to 20)" value={form.tags} onChange={(e) => set({ tags: e.target.value })} />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={form.isPublic} onChange={(e) => set({ isPublic: e.target.checked })} className="h-4 w-4 rounded border-slate-500" />
          Make this idea public (other students can see, like and comment on it)
        </label>
      </form>
    </Dialog>
  );
}
