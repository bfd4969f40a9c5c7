import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { attendanceData, manageWorkshopData, manageWorkshopListData, workshopRegistrationsData } from '@app/shared/workshop-admin';
import type { WorkshopDto } from '@app/shared/workshops';
import { api, errorMessage } from '../../lib/api.ts';
import { useToast } from '../../components/ui/toast.tsx';
import type { WorkshopFormValue } from './workshop-form.tsx';
import { useT } from '../../lib/i18n.tsx';

type Query = Record<string, string | number | undefined>;
const done = envelope(z.null());

/**
 * Workshop management, the same calls for administrators (all workshops) and professionals (the
 * ones they instruct); the server decides what each may touch.
 */
export function workshopsManageApi(base: '/admin/workshops' | '/workshops/my-workshops') {
  return {
    list: (query: Query) => api(base, envelope(manageWorkshopListData), { query }),
    create: (body: unknown) => api(base, envelope(manageWorkshopData), { method: 'POST', body }),
    update: (id: string, body: unknown) => api(`${base}/${id}`, envelope(manageWorkshopData), { method: 'PUT', body }),
    remove: (id: string) => api(`${base}/${id}`, done, { method: 'DELETE' }),
    registrations: (id: string) => api(`${base}/${id}/registrations`, envelope(workshopRegistrationsData)),
    attendance: (id: string, registrationId: string, status: 'attended' | 'absent' | 'registered') =>
      api(`${base}/${id}/registrations/${registrationId}`, envelope(attendanceData), { method: 'PUT', body: { status } }),
    banner: (id: string, file: File) => {
      const form = new FormData();
      form.append('banner', file);
      return api(`${base}/${id}/banner`, envelope(manageWorkshopData), { method: 'POST', body: form });
    },
  };
}
export type WorkshopsManageApi = ReturnType<typeof workshopsManageApi>;

/** Save, publish/unpublish and delete, with the spec's messages (001 §8), shared by both screens. */
export function useWorkshopMutations(
  manage: WorkshopsManageApi,
  on: { refresh: () => unknown; saved: () => void; deleted: () => void },
) {
  const t = useT();
  const toast = useToast();
  const failed = t('workshops.manage.requestFailed');
  const save = useMutation({
    mutationFn: async ({ id, value }: { id?: string; value: WorkshopFormValue }) => {
      const saved = id ? await manage.update(id, value.body) : await manage.create(value.body);
      if (value.banner) await manage.banner(saved.data.workshop._id, value.banner);
    },
    onSuccess: (_r, { id }) => {
      toast.success(id ? t('workshops.manage.updatedOk') : t('workshops.manage.created'));
      on.saved();
      void on.refresh();
    },
    onError: (error, { id }) => toast.error(t(id ? 'workshops.manage.updateFailed' : 'workshops.manage.createFailed', { reason: errorMessage(error, failed) })),
  });
  const publish = useMutation({
    mutationFn: (w: WorkshopDto) => manage.update(w._id, { status: w.status === 'published' ? 'draft' : 'published' }),
    onSuccess: (r) => {
      toast.success(r.data.workshop.status === 'published' ? t('workshops.manage.published') : t('workshops.manage.unpublished'));
      void on.refresh();
    },
    onError: (error) => toast.error(t('workshops.manage.statusFailed', { reason: errorMessage(error, failed) })),
  });
  const remove = useMutation({
    mutationFn: (w: WorkshopDto) => manage.remove(w._id),
    // A workshop with registrations is cancelled rather than erased: the server's message says which.
    onSuccess: (r) => {
      toast.success(r.message ?? t('workshops.manage.deleted'));
      on.deleted();
      void on.refresh();
    },
    onError: (error) => toast.error(t('workshops.manage.deleteFailed', { reason: errorMessage(error, failed) })),
  });
  return { save, publish, remove };
}
