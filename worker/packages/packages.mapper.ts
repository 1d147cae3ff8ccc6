import type { PackageViewRow } from './packages.queries.ts';

/**
 * A package as its mentee sees it (decision 006, «Packages»): `left` can still be booked, `reserved` are booked and not
 * yet held, `used` were held (or cancelled too late to come back); `refundable_amount` (rubles) is what «Вернуть
 * неиспользованные» would pay back now.
 */
export function toPackage(row: PackageViewRow) {
  const sessions = Number(row.sessions);
  const left = Number(row.credits_left);
  const reserved = Number(row.reserved);
  const pricePerSession = Number(row.price_per_session);
  return {
    id: Number(row.id),
    status: row.status,
    sessions,
    used: sessions - left - reserved - Number(row.credits_refunded),
    reserved,
    left,
    percent: Number(row.percent),
    valid_days: Number(row.valid_days),
    price_per_session: pricePerSession,
    total_price: pricePerSession * sessions,
    regular_price: Number(row.regular_price),
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    consultation_type: { id: Number(row.type_id), name: row.type_name, duration_minutes: Number(row.duration_minutes) },
    mentor: { id: Number(row.mentor_id), name: row.mentor_name, surname: row.mentor_surname, avatar_url: row.mentor_avatar_url },
    refundable_amount: row.status === 'active' ? left * pricePerSession : 0,
  };
}
export type ConsultationPackage = ReturnType<typeof toPackage>;
