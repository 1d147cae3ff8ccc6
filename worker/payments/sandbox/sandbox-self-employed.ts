// The sandbox's `self_employed` objects (decision 020): a self-employed mentor's permission for the provider to register
// his income receipts in «Мой налог». YooKassa sends the person to «Мой налог» to grant it; the sandbox has a page of its
// own (self-employed-page.ts) with «Разрешить» and «Отклонить», and, as YooKassa does, finds the ИНН when asked by phone.
import type { Executor } from '../../../drizzle/db.ts';
import { errors } from '../../lib/errors.ts';
import { personInnFrom } from '../../tax-profiles/inn.ts';
import { PaymentProviderError } from '../provider-error.ts';
import type { ProviderSelfEmployed } from '../payment-provider.ts';
import { createOnce } from './sandbox-books.ts';
import { findObject, settleSelfEmployed, type SandboxObject } from './sandbox-books.queries.ts';

export const SANDBOX_SELF_EMPLOYED_PATH = '/sandbox/self-employed/';

type SelfEmployedRequest = { itn?: string; phone?: string };

export function toSelfEmployed(row: SandboxObject): ProviderSelfEmployed {
  return { id: row.id, status: row.status as ProviderSelfEmployed['status'], itn: (row.request as SelfEmployedRequest).itn ?? null };
}

/** The person's ИНН as the sandbox's «Мой налог» knows it: the one asked with, else one made from the phone's digits. */
const innOf = (request: SelfEmployedRequest) => request.itn ?? personInnFrom((request.phone ?? '').replace(/\D/g, '').slice(-10).padStart(10, '7'));

export async function createSandboxSelfEmployed(db: Executor, origin: string, input: { itn?: string; phone?: string; idempotencyKey: string }) {
  if (!input.itn && !input.phone) throw new PaymentProviderError('sandbox', 'invalid_request', 'itn or phone is required', { httpStatus: 400 });
  const request: SelfEmployedRequest = input.itn ? { itn: input.itn } : { phone: input.phone };
  const row = await createOnce(db, { kind: 'self_employed', status: 'pending', amountKopecks: 0, idempotencyKey: input.idempotencyKey, request });
  return { ...toSelfEmployed(row), confirmationUrl: row.status === 'pending' ? `${origin}${SANDBOX_SELF_EMPLOYED_PATH}${row.id}` : null };
}

export async function getSandboxSelfEmployed(db: Executor, id: string) {
  const row = await findObject(db, 'self_employed', id);
  if (!row) throw new PaymentProviderError('sandbox', 'not_found', 'Self-employed not found', { httpStatus: 404 });
  return toSelfEmployed(row);
}

/** «Разрешить» or «Отклонить» on the sandbox's page. */
export async function answerSelfEmployed(db: Executor, id: string, granted: boolean) {
  const row = await findObject(db, 'self_employed', id);
  if (!row) throw errors.notFound('Запрос не найден');
  const settled = await settleSelfEmployed(db, id, granted ? 'confirmed' : 'canceled', innOf(row.request as SelfEmployedRequest));
  if (!settled) throw errors.conflict('self_employed_answered', 'На этот запрос уже ответили');
  return toSelfEmployed(settled);
}
