// /loads: the files of my chats and the receipts of my payments, nobody else's.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationTypes } from '../../drizzle/schema/consultations.ts';
import { fiscalReceipts } from '../../drizzle/schema/payments.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { createUser } from '../factories.ts';
import { openRoom } from './chat-socket.ts';
import { releaseHeld } from '../../worker/escrow/money.ts';
import { formatWhen } from '../../worker/escrow/notices.ts';
import { transact } from '../../worker/lib/transact.ts';
import { book, books, mentorSlot, paidBooking, providerPays, startPayment } from './escrow-fixtures.ts';
import { call, useTestDb } from './helpers.ts';
import { asUser, expectJson } from './json-api.ts';
import { apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();

const PDF = new TextEncoder().encode('%PDF-1.4 test');
const TEXT = new TextEncoder().encode('заметки');

/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: SessionUser) => apiAs(user, { trailingSlash: true });

/** a chat message with files: its route reads its own multipart body, so it goes as a plain request */
function sendFiles(user: SessionUser, roomId: string, files: Array<{ name: string; bytes: Uint8Array<ArrayBuffer> }>, content = '') {
  const form = new FormData();
  form.append('content', content);
  for (const f of files) form.append('files', new File([f.bytes], f.name));
  return expectJson(call(`/api/chats/${roomId}/messages/`, { method: 'POST', user, body: form }), 201);
}

const chatFiles = (user?: SessionUser, query: { limit?: string; offset?: string } = {}) => as(user).downloads['chat-files'].$get({ query });
const receiptList = (user?: SessionUser) => as(user).downloads.receipts.$get({ query: {} });
const receipts = (user: SessionUser) => expectOk(receiptList(user), 200);
const receipt = (user: SessionUser, paymentId: string) => as(user).downloads.receipts[':paymentId'].$get({ param: { paymentId } });

describe('chat files', () => {
  it('lists the files of my rooms only, newest first, with the room, the sender and a working link', async () => {
    const [me, mentor, support, outsider, other] = await Promise.all([
      createUser(t.db, { firstName: 'Анна', lastName: 'Ученица' }),
      createUser(t.db, { role: 'mentor', firstName: 'Борис', lastName: 'Ментор' }),
      createUser(t.db, { role: 'admin', firstName: 'Ирина', lastName: 'Поддержкина' }),
      createUser(t.db, { firstName: 'Вера', lastName: 'Чужая' }),
      createUser(t.db, { role: 'mentor', firstName: 'Глеб', lastName: 'Другой' }),
    ]).then((rows) => rows.map(asUser));
    const roomId = await openRoom(me, mentor.id);
    const first = await sendFiles(me, roomId, [{ name: 'резюме.pdf', bytes: PDF }]);
    const second = await sendFiles(mentor, roomId, [{ name: 'план.txt', bytes: TEXT }], 'план');
    // a deleted message's file is gone
    const removed = await sendFiles(me, roomId, [{ name: 'лишнее.txt', bytes: TEXT }]);
    await expectOk(as(me).chats[':roomId'].messages[':messageId'].$delete({ param: { roomId, messageId: String(removed.id) } }), 200);
    // someone else's room
    const foreign = await openRoom(outsider, other.id);
    await sendFiles(outsider, foreign, [{ name: 'чужое.pdf', bytes: PDF }]);
    // my support room, answered by an admin
    const { roomId: supportRoom } = await expectOk(as(me).support.chat.$post(), 200);
    await expectOk(as(support).support.rooms[':roomId'].join.$post({ param: { roomId: supportRoom } }), 200);
    const third = await sendFiles(support, supportRoom, [{ name: 'инструкция.pdf', bytes: PDF }]);

    const { results, has_more } = await expectOk(chatFiles(me), 200);
    expect(has_more).toBe(false);
    expect(results).toEqual<typeof results>([
      {
        id: third.files[0].id,
        name: 'инструкция.pdf',
        size: PDF.length,
        type: 'application/pdf',
        created_at: third.timestamp,
        room: { id: supportRoom, name: 'Поддержка Формы' },
        // the team's file: its sender is the team, not the admin (issue 34)
        sender: { id: null, name: 'Поддержка Формы' },
        url: `/api/chats/${supportRoom}/files/${third.files[0].id}/`,
      },
      expect.objectContaining({ id: second.files[0].id, name: 'план.txt', type: 'text/plain', room: { id: roomId, name: 'Борис Ментор' }, sender: { id: mentor.id, name: 'Борис Ментор' } }),
      expect.objectContaining({ id: first.files[0].id, name: 'резюме.pdf', room: { id: roomId, name: 'Борис Ментор' }, sender: { id: me.id, name: 'Анна Ученица' } }),
    ]);
    const download = await call(results[2].url, { user: me });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    // the mentor names the room after me; the outsider sees only their own file
    expect((await expectOk(chatFiles(mentor), 200)).results.map((f) => f.room.name)).toEqual(['Анна Ученица', 'Анна Ученица']);
    expect((await expectOk(chatFiles(outsider), 200)).results.map((f) => f.name)).toEqual(['чужое.pdf']);
    // and can't download mine through the link
    expect((await call(results[2].url, { user: outsider })).status).toBe(404);

    const page = await expectOk(chatFiles(me, { limit: '2' }), 200);
    expect(page.results.map((f) => f.id)).toEqual([third.files[0].id, second.files[0].id]);
    expect(page.has_more).toBe(true);
    expect((await expectOk(chatFiles(me, { limit: '2', offset: '2' }), 200)).results.map((f) => f.id)).toEqual([first.files[0].id]);
  });

  it('needs a signed-in user', async () => {
    expect(await expectError(chatFiles(), 401)).toMatchObject({ code: 'not_authenticated' });
    expect(await expectError(receiptList(), 401)).toMatchObject({ code: 'not_authenticated' });
  });
});

describe('receipts', () => {
  it('lists my payments with what they paid for, in rubles, and the refund', async () => {
    const mentor = await createUser(t.db, { role: 'mentor', firstName: 'Борис', lastName: 'Ментор' });
    const mentee = await createUser(t.db, { firstName: 'Анна', lastName: 'Ученица' });
    const held = await paidBooking(t.db, { mentor, mentee, costs: 1500 });
    const refunded = await paidBooking(t.db, { mentor, mentee, costs: 2500, startsIn: 20 * 86_400_000 });
    await expectOk(as(asUser(mentor))['consultation-bookings'][':id'].cancel.$post({ param: { id: String(refunded.booking.id) }, json: { user_id: mentor.id } }), 200);
    const refund = (await books(t.db, refunded.payment.paymentId)).refund!;
    // someone else's payment
    await paidBooking(t.db, { mentor, startsIn: 30 * 86_400_000 });

    const { results, has_more } = await receipts(asUser(mentee));
    expect(has_more).toBe(false);
    expect(results).toHaveLength(2);
    const byId = Object.fromEntries(results.map((r) => [r.id, r]));
    expectMatch(byId[held.payment.paymentId], {
      status: 'succeeded',
      amount: 1500,
      service: { type: 'consultation', id: held.booking.id, title: 'Разбор резюме', date: held.slot.startsAt.toISOString() },
      seller: { id: mentor.id, name: 'Борис Ментор' },
      fee: null,
      refund: null,
      receipt_url: `/api/downloads/receipts/${held.payment.paymentId}/`,
    });
    expectMatch(byId[refunded.payment.paymentId], { amount: 2500, refund: { amount: refund.amountKopecks / 100, status: refund.status } });
    expect(typeof byId[held.payment.paymentId].paid_at).toBe('string');
  });

  it('shows the platform fee the ledger charged once the mentor was paid', async () => {
    const { mentee, payment } = await paidBooking(t.db, { costs: 1500 });
    expect(await transact(t.db, (tx) => releaseHeld(tx, payment.paymentId))).not.toBeNull();
    const [item] = (await receipts(asUser(mentee))).results;
    expectMatch(item, { id: payment.paymentId, status: 'released', amount: 1500, fee: 75, refund: null });
    const html = await (await call(`/api/downloads/receipts/${payment.paymentId}/`, { user: asUser(mentee) })).text();
    expect(html).toMatch(/75\s₽, удержана из выплаты наставнику/);
    expect(html).toContain('Оплачено, переведено наставнику');
  });

  it('states on the receipt of a consultation still ahead until when it can be cancelled and refunded, as the booking dialog did (decision 022)', async () => {
    const mentee = await createUser(t.db, { timeZone: 'Europe/Moscow' });
    const { type, slot } = await mentorSlot(t.db, { costs: 1500, startsIn: 10 * 86_400_000 });
    // the mentor's cut-off, kept on the booking when it is made
    await t.db.update(consultationTypes).set({ cancelCutoffHours: 24 }).where(eq(consultationTypes.id, type.id));
    const booking = await book(mentee, slot.id);
    const payment = await startPayment(t.db, { bookingId: booking.id }, mentee.id, type.mentorId, 150_000);
    await providerPays(t.db, payment);
    const html = await (await call(`/api/downloads/receipts/${payment.paymentId}/`, { user: asUser(mentee) })).text();
    const day = (at: Date) => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long' }).format(at);
    const lastCancel = new Date(slot.startsAt.getTime() - 24 * 3_600_000);
    expect(html).toContain('<th>Условия отмены</th>');
    expect(html).toContain(`Отменить запись можно до ${day(lastCancel)} в`);
    expect(html).toContain('(за 24 ч до начала), позже — нельзя.');
    expect(html).toContain('Полный возврат — при отмене до ');
    // once cancelled (or past), nothing is promised any more
    await expectOk(as(asUser(mentee))['consultation-bookings'][':id'].cancel.$post({ param: { id: String(booking.id) }, json: {} }), 200);
    expect(await (await call(`/api/downloads/receipts/${payment.paymentId}/`, { user: asUser(mentee) })).text()).not.toContain('Условия отмены');
  });

  it('prints a receipt for the payer only, as escaped HTML with no scripts', async () => {
    const mentor = await createUser(t.db, { role: 'mentor', firstName: '<b>Борис</b>', lastName: 'Ментор' });
    const mentee = await createUser(t.db, { firstName: 'Анна', lastName: '"Ученица"' });
    // the type is named so when it is bought (a receipt keeps the name it was bought under)
    const { type, slot } = await mentorSlot(t.db, { mentor, costs: 1500 });
    await t.db.update(consultationTypes).set({ name: '<script>alert(1)</script> & разбор' }).where(eq(consultationTypes.id, type.id));
    const booking = await book(mentee, slot.id);
    const payment = await startPayment(t.db, { bookingId: booking.id }, mentee.id, mentor.id, 150_000);
    await providerPays(t.db, payment);

    const res = await call(`/api/downloads/receipts/${payment.paymentId}/`, { user: asUser(mentee) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    // our own summary, not a fiscal receipt (decision 020)
    expect(html).toContain('<h1>Квитанция об оплате</h1>');
    expect(html).toContain(`<title>Квитанция об оплате № ${payment.paymentId}</title>`);
    expect(html).toContain(payment.paymentId);
    expect(html).toMatch(/1\s500\s₽/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; разбор');
    expect(html).toContain('&lt;b&gt;Борис&lt;/b&gt; Ментор');
    expect(html).toContain('&quot;Ученица&quot;');
    expect(html).not.toMatch(/<script/i);
    // held money: the 5 % is named as what the mentor's payout will lose
    expect(html).toContain('Комиссия платформы (5 %)');
    expect(html).toMatch(/75\s₽, будет удержана/);

    for (const user of [asUser(mentor), asUser(await createUser(t.db))]) {
      expect(await expectError(receipt(user, payment.paymentId), 404)).toMatchObject({ code: 'not_found', detail: 'Квитанция не найдена' });
    }
    await expectError(receipt(asUser(mentee), 'nope'), 404);
    await expectError(receipt(asUser(mentee), crypto.randomUUID()), 404);
  });

  it('lists each payment’s fiscal receipts in the order they were made, and the printable page names them (decision 020)', async () => {
    const mentor = await createUser(t.db, { role: 'mentor', firstName: 'Борис', lastName: 'Ментор' });
    const mentee = await createUser(t.db, { firstName: 'Анна', lastName: 'Ученица', email: `anna-${crypto.randomUUID()}@forma.test` });
    const held = await paidBooking(t.db, { mentor, mentee, costs: 1500 });
    const refunded = await paidBooking(t.db, { mentor, mentee, costs: 2500, startsIn: 20 * 86_400_000 });
    await expectOk(as(asUser(mentor))['consultation-bookings'][':id'].cancel.$post({ param: { id: String(refunded.booking.id) }, json: { user_id: mentor.id } }), 200);
    const refund = (await books(t.db, refunded.payment.paymentId)).refund!;
    // the receipts are set here, whatever the payment and refund paths wrote
    await t.db.delete(fiscalReceipts).where(inArray(fiscalReceipts.paymentId, [held.payment.paymentId, refunded.payment.paymentId]));
    const at = (minute: number) => new Date(Date.UTC(2030, 2, 1, 7, minute));
    const items = [{ description: 'Консультация', quantity: '1.00', amount: { value: '1500.00', currency: 'RUB' } }];
    const registered = { status: 'succeeded' as const, fiscalStorageNumber: '9960440300012345', fiscalDocumentNumber: '4021', fiscalAttribute: '2716375041', registeredAt: at(1) };
    await t.db.insert(fiscalReceipts).values([
      // made last: the settlement after the приход
      { kind: 'settlement', paymentId: held.payment.paymentId, amountKopecks: 150_000, items, status: 'not_sent', createdAt: at(30) },
      { kind: 'payment', paymentId: held.payment.paymentId, amountKopecks: 150_000, items, ...registered, createdAt: at(0) },
      { kind: 'payment', paymentId: refunded.payment.paymentId, amountKopecks: 250_000, items, status: 'succeeded', fiscalStorageNumber: '9960440300012345', fiscalDocumentNumber: '4022', fiscalAttribute: '<b>1</b>', registeredAt: at(2), createdAt: at(1) },
      { kind: 'refund', paymentId: refunded.payment.paymentId, refundId: refund.id, amountKopecks: refund.amountKopecks, items, status: 'pending', createdAt: at(20) },
    ]);

    const byId = Object.fromEntries((await receipts(asUser(mentee))).results.map((r) => [r.id, r]));
    expect(byId[held.payment.paymentId].fiscal_receipts).toEqual([
      { kind: 'payment', status: 'succeeded', amount: 1500, registered_at: at(1).toISOString(), fiscal: { fn: '9960440300012345', fd: '4021', fp: '2716375041' } },
      { kind: 'settlement', status: 'not_sent', amount: 1500, registered_at: null, fiscal: null },
    ]);
    expect(byId[refunded.payment.paymentId].fiscal_receipts).toEqual([
      expect.objectContaining({ kind: 'payment', status: 'succeeded', amount: 2500 }),
      { kind: 'refund', status: 'pending', amount: refund.amountKopecks / 100, registered_at: null, fiscal: null },
    ]);

    const html = await (await call(`/api/downloads/receipts/${held.payment.paymentId}/`, { user: asUser(mentee) })).text();
    expect(html).toContain('<h2>Кассовые чеки</h2>');
    // in the order they were made, each with its state; the registered one with ФН/ФД/ФП and its time (Moscow for this payer)
    expect(html.indexOf('Кассовый чек: приход')).toBeGreaterThan(0);
    expect(html.indexOf('Кассовый чек: зачёт предоплаты')).toBeGreaterThan(html.indexOf('Кассовый чек: приход'));
    expect(html).toContain('Зарегистрирован');
    expect(html.replace(/<[^>]+>/g, '')).toContain('ФН 9960440300012345 · ФД 4021 · ФП 2716375041');
    expect(html).toContain(`Зарегистрирован, ${formatWhen(at(1), 'Europe/Moscow')}`);
    expect(html).toContain('Не зарегистрирован — повторим');
    expect(html).toContain(`Кассовый чек также приходит на ${mentee.email} от сервиса «Чеки от ЮKassa».`);
    const refundedHtml = await (await call(`/api/downloads/receipts/${refunded.payment.paymentId}/`, { user: asUser(mentee) })).text();
    expect(refundedHtml).toContain('Кассовый чек: возврат прихода');
    expect(refundedHtml).toContain('Регистрируется');
    expect(refundedHtml).toContain('ФП &lt;b&gt;1&lt;/b&gt;');
    expect(refundedHtml).not.toContain('<b>1</b>');
  });
});
