import { z } from 'zod';

/** Issue 27: Web Push (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID). */

/** base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const base64url = (name: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url`)
    // Unpadded base64url of n bytes is ceil(4n/3) characters (works in the browser too: no Buffer).
    .refine((v) => v.length === Math.ceil((4 * bytes) / 3), `${name} must be ${bytes} bytes`);

export const PUSH_ENDPOINT_REFUSED = 'This push service is not supported. Use a current Chrome, Edge, Firefox or Safari.';
export const PUSH_SUBSCRIBED = 'Push notifications are on for this device';
export const PUSH_UNSUBSCRIBED = 'Push notifications are off for this device';

export const pushSubscribeBody = z.object({
  endpoint: z.string().trim().min(1, 'Endpoint is required').max(2048, 'Endpoint is too long').url('Endpoint must be a URL'),
  /** Milliseconds since the epoch when the browser says the subscription ends, or null. */
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes uncompressed. */
    p256dh: base64url('p256dh', 65),
    /** The shared authentication secret: 16 bytes. */
    auth: base64url('auth', 16),
  }),
  /** A short label for the device list ("Chrome on Android"); the server never trusts it. */
  device: z.string().trim().max(120).optional(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushDevice = z.object({
  id: z.string(),
  device: z.string().nullable(),
  /** The push service's host (e.g. fcm.googleapis.com), never the full endpoint. */
  service: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;

export const pushDevicesData = z.object({ devices: z.array(pushDevice) });
export const pushKeyData = z.object({ publicKey: z.string() });
export const pushSubscribeData = z.object({ id: z.string() });
export const pushUnsubscribeBody = z.object({ endpoint: z.string().trim().min(1).max(2048) });

/** What a push message carries: what the notification shows, and where a tap goes. Nothing more. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
