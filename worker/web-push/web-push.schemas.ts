// A browser's push subscription as PushSubscription.toJSON() gives it (decision 027), shared with the web client.
import { z } from 'zod';

const base64url = (bytes: number, message: string) =>
  z.string({ error: message }).regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), { error: message });

export const pushSubscriptionBody = z.object({
  endpoint: z.url({ error: 'Адрес подписки на уведомления не похож на адрес' }).max(1000, { error: 'Адрес подписки слишком длинный' }),
  expirationTime: z.number({ error: 'Срок подписки должен быть числом' }).nullable().optional(),
  keys: z.object(
    {
      p256dh: base64url(65, 'Ключ подписки на уведомления повреждён'),
      auth: base64url(16, 'Секрет подписки на уведомления повреждён'),
    },
    { error: 'В подписке нет ключей шифрования' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** the subscription of this browser to forget (it unsubscribed, or the person signs out on it) */
export const pushEndpointBody = z.object({
  endpoint: z.string({ error: 'Укажите адрес подписки' }).min(1, { error: 'Укажите адрес подписки' }).max(1000, { error: 'Адрес подписки слишком длинный' }),
});

/** GET /api/web-push/?endpoint=: this browser's subscription, to tell whether the server has it for this person */
export const pushStateQuery = z.object({ endpoint: z.string().max(1000, { error: 'Адрес подписки слишком длинный' }).optional() });
