// Telling the first in line that a seat is theirs to take (decision 023). The database makes the offer wherever a seat
// frees; this sends its notification and e-mail, right after the request that freed it, and from the minute job for
// the seats that freed on their own (a payment hold that ran out). Each offer is claimed once (notified_at).
import type { Executor } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { formatWhen } from '../escrow/notices.ts';
import { emailSender } from '../mail/senders.ts';
import { pushNotifications, storeNotifications } from '../notifications/notify.ts';
import { claimUnannouncedOffers, type OfferToAnnounce } from './waitlist.queries.ts';

/** offers announced per minute-job run and per request */
export const OFFER_NOTICE_BATCH = 200;

const eventUrl = (eventId: number) => `/event_info/${eventId}`;

export function offerNoticeText(o: Pick<OfferToAnnounce, 'title' | 'paid' | 'offer_expires_at' | 'time_zone'>) {
  const until = formatWhen(new Date(o.offer_expires_at), o.time_zone);
  return `Освободилось место на мероприятии «${o.title}». Оно держится за вами до ${until}: ${o.paid ? 'оплатите участие' : 'подтвердите участие'}, иначе место перейдёт следующему в листе ожидания.`;
}

function offerMail(o: OfferToAnnounce, origin: string) {
  const until = formatWhen(new Date(o.offer_expires_at), o.time_zone);
  return {
    subject: `Освободилось место: «${o.title}»`,
    text:
      `${o.first_name ? `Здравствуйте, ${o.first_name}!` : 'Здравствуйте!'}\n\n` +
      `Вы стояли в листе ожидания мероприятия «${o.title}», и для вас освободилось место.\n` +
      `Оно держится за вами до ${until} (${o.time_zone}). ${o.paid ? 'Чтобы занять его, оплатите участие' : 'Чтобы занять его, подтвердите участие'} на странице мероприятия:\n` +
      `${origin}${eventUrl(o.event_id)}\n\n` +
      `Если не успеете, место перейдёт следующему в очереди.\n\nКоманда «Формы»`,
  };
}

/** Announces the offers not yet announced (of one event, or any); answers how many. A failed e-mail is logged only: the notification stays. */
export async function announceOffers(env: Bindings, db: Executor, options: { eventId?: number; limit?: number } = {}) {
  const offers = await claimUnannouncedOffers(db, { eventId: options.eventId, limit: options.limit ?? OFFER_NOTICE_BATCH });
  if (!offers.length) return 0;
  const stored = await storeNotifications(
    db,
    offers.map((o) => ({
      userId: o.user_id,
      kind: 'waitlist_offer',
      message: offerNoticeText(o),
      url: eventUrl(o.event_id),
      dedupeKey: `waitlist_offer:${o.id}`,
    })),
  );
  await pushNotifications(env, stored);
  const origin = env.APP_ORIGIN ?? '';
  const mail = emailSender(env, db);
  for (const o of offers) {
    if (!o.email) continue;
    try {
      await mail.sendEmail({ to: o.email, ...offerMail(o, origin) });
    } catch (e) {
      console.error(JSON.stringify({ level: 'error', msg: 'waitlist offer e-mail failed', offerId: o.id, error: String(e) }));
    }
  }
  return offers.length;
}
