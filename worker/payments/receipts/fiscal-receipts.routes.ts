// The admins' view of fiscal receipts (decision 020): those the receipts job could not finish (refused after every
// remake, not sent with an error, given up after every attempt, pending 3 days), and «Повторить», which puts one back
// in the job's queue with its attempts counted afresh and tries it at once.
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { errors } from '../../lib/errors.ts';
import { UUID } from '../../lib/id-param.ts';
import { validate } from '../../lib/validate.ts';
import { requireRole } from '../../middleware/session.ts';
import { providerContext } from '../provider-choice.ts';
import { checkReceipt, RECEIPT_ATTEMPTS_MAX, RECEIPT_REMAKES_MAX } from './fiscal-receipts.ts';
import { countProblemReceipts, dueReceipts, listProblemReceipts, receiptState, requeueReceipt, type ProblemReceiptRow } from './fiscal-receipts.queries.ts';
import { problemReceiptsQuery } from './fiscal-receipts.schemas.ts';

const bounds = { maxAttempts: RECEIPT_ATTEMPTS_MAX, maxRemakes: RECEIPT_REMAKES_MAX };
const iso = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString());

function toProblemReceipt(row: ProblemReceiptRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount_kopecks: Number(row.amount_kopecks),
    attempts: row.attempts,
    remakes: row.remakes,
    last_error: row.last_error,
    created_at: iso(row.created_at)!,
    problem_at: iso(row.problem_at)!,
    provider_receipt_id: row.provider_receipt_id,
    payment: { id: row.payment_id, title: row.service_title, amount_kopecks: Number(row.payment_kopecks), paid_at: iso(row.paid_at) },
    payer: { id: row.payer_id, name: row.payer_name, email: row.payer_email },
  };
}

export const fiscalReceiptsRoutes = new Hono<AppEnv>()
  .get('/admin/fiscal-receipts', requireRole('admin'), validate('query', problemReceiptsQuery), async (c) => {
    const query = c.req.valid('query');
    const [{ rows, hasMore }, total] = await Promise.all([listProblemReceipts(c.var.db, { ...query, ...bounds }), countProblemReceipts(c.var.db, bounds)]);
    return c.json({ results: rows.map(toProblemReceipt), has_more: hasMore, total });
  })
  .post('/admin/fiscal-receipts/:id/retry', requireRole('admin'), async (c) => {
    const id = c.req.param('id').toLowerCase();
    const requeued = UUID.test(id) ? await requeueReceipt(c.var.db, id, RECEIPT_REMAKES_MAX) : null;
    if (!requeued) throw errors.notFound('Чек не найден или уже зарегистрирован');
    // tried at once, so the admin sees the answer; a receipt not due (an unpaid payment's) just waits in the queue
    const [due] = await dueReceipts(c.var.db, { limit: 1, ...bounds, id });
    if (due) await checkReceipt(providerContext(c), due);
    const state = (await receiptState(c.var.db, id))!;
    return c.json({
      id,
      status: state.status,
      attempts: state.attempts,
      last_error: state.lastError,
      registered: state.fiscalStorageNumber !== null,
    });
  });
