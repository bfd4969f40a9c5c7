import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { mfaResetData } from '@app/shared/security';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';

/**
 * A platform administrator resets a person's second factor (a lost phone, issue 23): confirmed first;
 * the API removes TOTP, recovery codes and passkeys, ends every session, audits it and e-mails the person.
 */
export function MfaResetButton({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => api(`/admin/users/${encodeURIComponent(userId)}/mfa/reset`, envelope(mfaResetData), { method: 'POST' }),
    onSuccess: () => {
      toast.success(t('admin.mfaReset.done', { name }));
      setConfirming(false);
    },
    onError: (error) => toast.error(`${t('admin.mfaReset.failed')}: ${errorMessage(error, '')}`),
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        {t('admin.mfaReset.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('admin.mfaReset.title')}
        message={t('admin.mfaReset.message', { name })}
        confirmLabel={t('admin.mfaReset.confirm')}
        busy={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => reset.mutate()}
      />
    </>
  );
}
