import { dayjs } from '../dayjs.ts';

/**
 * The badge of a seat that waits on its holder (decisions 006, 023): a seat the waiting list offered names the offer's
 * deadline (free or paid, the holder takes it on the event's page); any other held seat waits for its payment.
 */
export function pendingSeatLabel(offerExpiresAt: string | null | undefined, timeZone: string): string {
  return offerExpiresAt ? `Место для вас до ${dayjs(offerExpiresAt).tz(timeZone).format('D MMMM, HH:mm')}` : 'Ожидает оплаты';
}
