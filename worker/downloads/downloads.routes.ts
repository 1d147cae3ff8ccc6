// What a person can download (/loads): the files of their chats, the receipts of their payments and the recordings of their meetings.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { toChatFile, toReceipt, toRecordingDownload } from './downloads.mapper.ts';
import { listChatFiles, listReceipts, listRecordings } from './downloads.queries.ts';
import { downloadsPageQuery, PAYMENT_ID } from './downloads.schemas.ts';
import { RECEIPT_HEADERS, receiptHtml } from './receipt-html.ts';

export const downloadsRoutes = new Hono<AppEnv>()
  .get('/downloads/chat-files', requireUser, validate('query', downloadsPageQuery), async (c) => {
    const { rows, hasMore } = await listChatFiles(c.var.db, c.var.user.id, c.req.valid('query'));
    return c.json({ results: rows.map(toChatFile), has_more: hasMore });
  })
  .get('/downloads/receipts', requireUser, validate('query', downloadsPageQuery), async (c) => {
    const { rows, hasMore } = await listReceipts(c.var.db, c.var.user.id, c.req.valid('query'));
    return c.json({ results: rows.map(toReceipt), has_more: hasMore });
  })
  // recordings of my meetings, each linking to its page with the player (decision 019)
  .get('/downloads/recordings', requireUser, validate('query', downloadsPageQuery), async (c) => {
    const { rows, hasMore } = await listRecordings(c.var.db, c.var.user.id, c.req.valid('query'));
    return c.json({ results: rows.map(toRecordingDownload), has_more: hasMore });
  })
  /** The printable «Квитанция об оплате»; someone else's payment is answered exactly like a missing one. */
  .get('/downloads/receipts/:paymentId', requireUser, async (c) => {
    const paymentId = c.req.param('paymentId');
    const found = PAYMENT_ID.test(paymentId) ? await listReceipts(c.var.db, c.var.user.id, { offset: 0, limit: 1 }, paymentId) : null;
    const row = found?.rows[0];
    if (!row) throw errors.notFound('Квитанция не найдена');
    return c.body(receiptHtml(row), 200, RECEIPT_HEADERS);
  });
