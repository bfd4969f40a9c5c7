import { useEffect, useState, type FormEvent } from 'react';
import { IDEA_CATEGORIES, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSaveIdea } from './api.ts';
import { useIdeaCategory } from './idea-bits.tsx';

const EMPTY = { title: '', category: '', description: '', isPublic: false, tags: '' };

/** Submit New Idea, save as draft, and edit a draft (spec 000 §5 "Submit idea"). */
export function IdeaFormDialog({ open, draft, onClose }: { open: boolean; draft?: IdeaDto | null; onClose: () => void }) {
  const t = useT();
  const categoryName = useIdeaCategory();
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
      // Commas in any script: Latin , and the Arabic comma ،.
      tags: form.tags.split(/[,،]/).map((tag) => tag.trim()).filter(Boolean),
    };
    // The form's own messages, on each empty field (never the browser's): WCAG 1.3.1 / 3.3.1.
    const missing = {
      title: input.title ? undefined : t('ideas.form.titleMissing'),
      category: input.category ? undefined : t('ideas.form.categoryMissing'),
      description: input.description ? undefined : t('ideas.form.descriptionMissing'),
    };
    setFieldErrors(missing);
    if (!input.title || !input.category || !input.description) {
      setError(t('ideas.form.required'));
      const first = (['title', 'category', 'description'] as const).find((k) => missing[k]);
      if (first) document.querySelector<HTMLElement>(`#idea-form [name="${first}"]`)?.focus();
      return;
    }
    save.mutate(
      { id: draft?.id, input, asDraft },
      {
        onSuccess: () => {
          toast.success(asDraft ? t('ideas.form.draftSaved') : t('ideas.form.submitted'));
          onClose();
        },
        onError: (err) => setError(errorMessage(err, t('ideas.form.submitFailed'))),
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
      title={draft ? t('ideas.form.editTitle') : t('ideas.submitNew')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('ideas.form.cancel')}</Button>
          <Button variant="secondary" onClick={() => submit(true)()} disabled={save.isPending}>{t('ideas.form.saveDraft')}</Button>
          <Button type="submit" form="idea-form" disabled={save.isPending}>{save.isPending ? t('ideas.form.submitting') : t('ideas.form.submit')}</Button>
        </>
      }
    >
      <form id="idea-form" onSubmit={submit(false)} className="space-y-4" noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label={t('ideas.form.title')} name="title" required dir="auto" error={fieldErrors.title} maxLength={200} value={form.title} onChange={(e) => set({ title: e.target.value })} />
        <SelectField label={t('ideas.category')} name="category" required error={fieldErrors.category} value={form.category} onChange={(e) => set({ category: e.target.value })}>
          <option value="">{t('ideas.form.chooseCategory')}</option>
          {IDEA_CATEGORIES.map((c) => <option key={c} value={c}>{categoryName(c)}</option>)}
        </SelectField>
        <TextArea label={t('ideas.form.description')} name="description" required dir="auto" error={fieldErrors.description} rows={6} maxLength={5000} value={form.description} onChange={(e) => set({ description: e.target.value })} />
        <TextField label={t('ideas.form.tags')} hint={t('ideas.form.tagsHint')} dir="auto" value={form.tags} onChange={(e) => set({ tags: e.target.value })} />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={form.isPublic} onChange={(e) => set({ isPublic: e.target.checked })} className="h-4 w-4 rounded border-slate-500" />
          {t('ideas.form.makePublic')}
        </label>
      </form>
    </Dialog>
  );
}
