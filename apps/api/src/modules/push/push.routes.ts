import { envelope, idParams, messageOnly } from '@app/shared/api';
import {
  PUSH_SUBSCRIBED,
  PUSH_UNSUBSCRIBED,
  pushDevicesData,
  pushKeyData,
  pushSubscribeBody,
  pushSubscribeData,
  pushUnsubscribeBody,
} from '@app/shared/push';
import { actorOf, type App } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { notFound } from '../../lib/errors.ts';
import * as push from './push.service.ts';

const secured = { tags: ['push'], security: [{ bearer: [] }] };
const signedIn = { access: 'authenticated' as const };

/** Issue 27: Web Push per device (docs/push.md). */
export async function pushRoutes(app: App) {
  const db = () => app.ctx.db;

  app.get(
    '/push/key',
    { config: signedIn, schema: { ...secured, response: { 200: envelope(pushKeyData) } } },
    async () => ({ success: true as const, data: { publicKey: (await push.vapidKeys(db(), app.ctx.config)).publicKey } }),
  );

  app.get(
    '/push/devices',
    { config: signedIn, schema: { ...secured, response: { 200: envelope(pushDevicesData) } } },
    async (request) => ({ success: true as const, data: { devices: await push.listDevices(db(), actorOf(request).id) } }),
  );

  app.post(
    '/push/subscriptions',
    { config: signedIn, schema: { ...secured, body: pushSubscribeBody, response: { 201: envelope(pushSubscribeData) } } },
    async (request, reply) => {
      const id = await push.subscribe(db(), app.ctx.config, actorOf(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: PUSH_SUBSCRIBED, data: { id } });
    },
  );

  /** This browser turns push off (or signs out): by endpoint, which only this browser knows. */
  app.post(
    '/push/unsubscribe',
    { config: signedIn, schema: { ...secured, body: pushUnsubscribeBody, response: { 200: messageOnly } } },
    async (request) => {
      await push.removeEndpoint(db(), actorOf(request).id, request.body.endpoint);
      return { success: true as const, message: PUSH_UNSUBSCRIBED };
    },
  );

  /** Remove one of my devices from the list (a lost phone). */
  app.delete(
    '/push/subscriptions/:id',
    { config: signedIn, schema: { ...secured, params: idParams, response: { 200: messageOnly } } },
    async (request) => {
      if (!isId(request.params.id)) throw notFound('Device');
      await push.removeDevice(db(), actorOf(request).id, request.params.id);
      return { success: true as const, message: PUSH_UNSUBSCRIBED };
    },
  );
}
