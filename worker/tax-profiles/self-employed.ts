// The self-employed mentor's permission for ЮMoney to register his income receipts (decision 020): asked for with
// `POST /self_employed`, granted on YooKassa's confirmation page, and read back with `GET /self_employed/{id}`, since
// YooKassa sends no notification about it. The port comes as a function so a read can go on without a provider.
import { ApiError, errors } from '../lib/errors.ts';
import { PaymentProviderError } from '../payments/provider-error.ts';
import type { SelfEmployedPort } from './self-employed-port.ts';
import { findTaxProfile, recordSelfEmployedRequest, recordSelfEmployedStatus, type TaxProfileRow } from './tax-profiles.queries.ts';
import type { Db } from '../../drizzle/db.ts';

/** A pending permission is read again on the mentor's own visit at most this often (he returns from the confirmation page). */
const PENDING_RECHECK_MS = 15_000;

const providerFailed = () => new ApiError(502, 'payment_provider_error', 'Платёжная система не ответила. Попробуйте ещё раз.');

/**
 * Asks YooKassa for the permission, unless one is granted or awaiting the mentor (then its confirmation link is
 * reused). Returns the profile with the permission stored.
 */
export async function askForPermission(db: Db, port: () => SelfEmployedPort, userId: number): Promise<TaxProfileRow> {
  const profile = await findTaxProfile(db, userId);
  if (!profile || profile.status !== 'self_employed') {
    throw errors.conflict('not_self_employed', 'Сначала укажите статус «самозанятый» и ИНН или телефон из «Мой налог»');
  }
  if (profile.selfEmployedStatus === 'confirmed' || (profile.selfEmployedStatus === 'pending' && profile.confirmationUrl)) return profile;
  const askedFor = { inn: profile.inn, phone: profile.phone };
  let answer;
  try {
    // YooKassa takes one of them: the ИНН when known, else the phone (it finds the ИНН by it)
    answer = await port().createSelfEmployed({
      ...(askedFor.inn ? { itn: askedFor.inn } : { phone: askedFor.phone ?? undefined }),
      idempotencyKey: crypto.randomUUID(),
    });
  } catch (e) {
    if (!(e instanceof PaymentProviderError)) throw e;
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'createSelfEmployed failed',
        userId,
        code: e.code,
        description: e.description,
      }),
    );
    if (e.httpStatus === 400) {
      throw new ApiError(400, 'self_employed_refused', 'ЮKassa не приняла ИНН или телефон. Проверьте их и что вы зарегистрированы в «Мой налог».');
    }
    throw providerFailed();
  }
  const stored = await recordSelfEmployedRequest(db, userId, askedFor, answer);
  if (!stored) throw errors.conflict('tax_profile_changed', 'Данные изменились, пока мы запрашивали разрешение. Запросите его снова.');
  return stored;
}

/** Whether the stored permission is awaiting the mentor and was not read lately. */
export function permissionCheckDue(profile: TaxProfileRow, now = Date.now()) {
  return (
    profile.selfEmployedId !== null &&
    profile.selfEmployedStatus === 'pending' &&
    (profile.checkedAt === null || now - profile.checkedAt.getTime() >= PENDING_RECHECK_MS)
  );
}

/**
 * Reads a pending permission's status from YooKassa. Best effort: the profile as stored is answered if the provider
 * is away or not configured (the scheduler reads it again).
 */
export async function refreshPermission(db: Db, port: () => SelfEmployedPort, profile: TaxProfileRow): Promise<TaxProfileRow> {
  if (!profile.selfEmployedId) return profile;
  try {
    const answer = await port().getSelfEmployed(profile.selfEmployedId);
    return (await recordSelfEmployedStatus(db, profile.userId, answer)) ?? profile;
  } catch (e) {
    if (!(e instanceof ApiError))
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: 'getSelfEmployed failed',
          userId: profile.userId,
          error: String(e),
        }),
      );
    return profile;
  }
}
