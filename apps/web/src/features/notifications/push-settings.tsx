import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Trash2 } from 'lucide-react';
import { envelope, messageOnly } from '@app/shared/api';
import { pushDevicesData, pushKeyData, pushSubscribeData } from '@app/shared/push';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { PushPermissionError, currentPushSubscription, deviceLabel, pushSupported, subscribeThisBrowser } from '../../lib/pwa.ts';

const DEVICES_KEY = ['push', 'devices'] as const;

/**
 * Push per device (issue 27): the browser asks for permission only after the person presses the button;
 * the list shows every device of theirs with push on, each removable (a lost phone).
 */
export function PushSettings() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  const headingId = useId();
  const supported = pushSupported();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() => (supported ? Notification.permission : 'unsupported'));

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentPushSubscription().then((sub) => {
      if (live) setEndpoint(sub?.endpoint ?? null);
    });
    return () => {
      live = false;
    };
  }, [supported]);

  const devices = useQuery({
    queryKey: DEVICES_KEY,
    queryFn: ({ signal }) => api('/push/devices', envelope(pushDevicesData), { signal }).then((r) => r.data.devices),
  });

  const turnOn = useMutation({
    mutationFn: async () => {
      const key = await api('/push/key', envelope(pushKeyData));
      const sub = await subscribeThisBrowser(key.data.publicKey);
      const json = sub.toJSON();
      await api('/push/subscriptions', envelope(pushSubscribeData), {
        method: 'POST',
        body: { endpoint: sub.endpoint, expirationTime: sub.expirationTime, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }, device: deviceLabel() },
      });
      return sub.endpoint;
    },
    onSuccess: (value) => {
      setEndpoint(value);
      setPermission('granted');
      toast.success(t('push.on'));
      void client.invalidateQueries({ queryKey: DEVICES_KEY });
    },
    onError: (error) => {
      if (error instanceof PushPermissionError) setPermission(error.permission);
    },
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const sub = await currentPushSubscription();
      if (sub) {
        await api('/push/unsubscribe', messageOnly, { method: 'POST', body: { endpoint: sub.endpoint } });
        await sub.unsubscribe();
      }
    },
    onSuccess: () => {
      setEndpoint(null);
      toast.success(t('push.off'));
      void client.invalidateQueries({ queryKey: DEVICES_KEY });
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => api(`/push/subscriptions/${id}`, messageOnly, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });

  const busy = turnOn.isPending || turnOff.isPending;
  const on = Boolean(endpoint);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <BellRing aria-hidden="true" className="h-4 w-4" /> {t('push.title')}
      </h3>
      <p className="text-sm text-slate-600">{t('push.intro')}</p>
      {!supported ? (
        <p className="mt-3 text-sm text-slate-700">{t('push.unsupported')}</p>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="text-sm font-medium text-slate-800" role="status">
            {endpoint === undefined ? '' : on ? t('push.on') : t('push.off')}
          </p>
          {permission === 'denied' && <Alert kind="error">{t('push.denied')}</Alert>}
          {turnOn.isError && !(turnOn.error instanceof PushPermissionError) && <Alert kind="error">{errorMessage(turnOn.error, t('push.failed'))}</Alert>}
          {turnOff.isError && <Alert kind="error">{errorMessage(turnOff.error, t('push.failed'))}</Alert>}
          {on ? (
            <Button variant="secondary" disabled={busy} onClick={() => turnOff.mutate()}>
              {busy ? t('push.working') : t('push.turnOff')}
            </Button>
          ) : (
            <Button disabled={busy || endpoint === undefined} onClick={() => turnOn.mutate()}>
              {busy ? t('push.working') : t('push.turnOn')}
            </Button>
          )}
        </div>
      )}
      <h4 className="mt-4 text-sm font-semibold text-slate-900">{t('push.devices')}</h4>
      {devices.isPending ? (
        <Spinner label={t('push.working')} />
      ) : devices.isError ? (
        <ErrorState message={errorMessage(devices.error, t('push.loadFailed'))} onRetry={() => void devices.refetch()} />
      ) : devices.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('push.noDevices')}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {devices.data.map((d) => {
            const name = d.device ?? t('push.unknownDevice');
            return (
              <li key={d.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 break-words text-slate-800">
                  <bdi>{t('push.device', { device: name, date: format.date(d.createdAt) })}</bdi>
                </span>
                <Button variant="secondary" size="sm" aria-label={t('push.remove', { device: name })} disabled={remove.isPending} onClick={() => remove.mutate(d.id)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" /> {t('push.removeShort')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
