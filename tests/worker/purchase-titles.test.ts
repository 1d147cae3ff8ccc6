// What was bought keeps the name it was bought under (issue 34, item 12): a mentor renaming a consultation type or
// an event afterwards changes neither the buyer's receipt nor a booking's schedule, details, calendar or payment.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { events } from '../../drizzle/schema/events.ts';
import { payments } from '../../drizzle/schema/payments.ts';
import { createUser } from '../factories.ts';
import { book, mentorSlot, paidBooking, providerPays, startPayment } from './escrow-fixtures.ts';
import { heldRegistration } from './payments-fixtures.ts';
import { call, useTestDb } from './helpers.ts';
import { asUser, send } from './json-api.ts';
import { apiAs, expectOk } from './typed-api.ts';

const t = useTestDb();

describe('a rename after the purchase', () => {
  it('leaves the booking, its schedule item, details, calendar file and receipt with the name it was bought under', async () => {
    const { mentee, mentor, type, booking, payment } = await paidBooking(t.db);
    await t.db.update(consultationTypes).set({ name: 'Оплатите повторно' }).where(eq(consultationTypes.id, type.id));
    const as = apiAs(asUser(mentee), { trailingSlash: true });

    const receipts = await expectOk(as.downloads.receipts.$get({ query: {} }), 200);
    expect(receipts.results.find((r) => r.id === payment.paymentId)?.service.title).toBe('Разбор резюме');
    const printed = await (await call(`/api/downloads/receipts/${payment.paymentId}/`, { user: asUser(mentee) })).text();
    expect(printed).toContain('Разбор резюме');
    expect(printed).not.toContain('Оплатите повторно');

    const detail = await expectOk(as['consultation-bookings'][':id'].detail.$get({ param: { id: String(booking.id) } }), 200);
    expect(JSON.stringify(detail)).toContain('Разбор резюме');
    expect(JSON.stringify(detail)).not.toContain('Оплатите повторно');

    for (const person of [mentee, mentor]) {
      const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
      const res = await send('GET', `/api/calendars/schedule/?start_date=${day(-86_400_000)}&end_date=${day(20 * 86_400_000)}`, { user: asUser(person) });
      expect(res.status).toBe(200);
      const schedule = await res.text();
      expect(schedule).toContain('Разбор резюме');
      expect(schedule).not.toContain('Оплатите повторно');
      const file = await (await send('GET', `/api/calendars/bookings/${booking.id}.ics`, { user: asUser(person) })).text();
      expect(file).toContain('SUMMARY:Разбор резюме');
      expect(file).not.toContain('Оплатите повторно');
    }
    // a booking made after the rename is sold under the new name
    expect((await t.db.select().from(consultationTypes).where(eq(consultationTypes.id, type.id)))[0]!.name).toBe('Оплатите повторно');
  });

  it("keeps an event's receipt at the title that was paid for, while the event page follows the mentor's edits", async () => {
    const { participant, event, registration, mentor } = await heldRegistration(t.db, { price: 1200, title: 'Вебинар о карьере' });
    const payment = await startPayment(t.db, { registrationId: registration.id }, participant.id, mentor.id, 120_000);
    await providerPays(t.db, payment);
    await t.db.update(events).set({ title: 'Новое название' }).where(eq(events.id, event.id));
    const receipts = await expectOk(apiAs(asUser(participant), { trailingSlash: true }).downloads.receipts.$get({ query: {} }), 200);
    expect(receipts.results.find((r) => r.id === payment.paymentId)?.service.title).toBe('Вебинар о карьере');
  });
});

describe('the database fills the names, whoever inserts', () => {
  it('takes them from the rows themselves and ignores what an insert passes', async () => {
    const { booking, payment } = await paidBooking(t.db);
    const [b] = await t.db.select({ typeName: consultationBookings.typeName }).from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    const [p] = await t.db.select({ serviceTitle: payments.serviceTitle }).from(payments).where(eq(payments.id, payment.paymentId));
    expect(b!.typeName).toBe('Разбор резюме');
    expect(p!.serviceTitle).toBe('Разбор резюме');
    // an insert can't name the service anything else
    const { slot, mentor } = await mentorSlot(t.db);
    const mentee = await createUser(t.db);
    const other = await book(mentee, slot.id);
    const [row] = await t.db
      .insert(payments)
      .values({ provider: 'sandbox', serviceType: 'consultation', bookingId: other.id, payerId: mentee.id, payeeId: mentor.id, amountKopecks: 150_000, returnUrl: '/payment-return', serviceTitle: 'Подделка' })
      .returning();
    expect(row!.serviceTitle).toBe('Разбор резюме');
    // and the column never goes empty
    await expect(t.db.execute(sql`update payments set service_title = null where id = ${row!.id}`)).rejects.toThrow();
  });
});
