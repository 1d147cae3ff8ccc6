// The demo seed on a database of its own: what the issue promises is there, and a second run changes nothing.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { migrate } from '../../scripts/migrate.mjs';
import { seed } from '../../scripts/seed.ts';
import { demoRecordingBytes } from '../../scripts/seed-data/demo-recordings.ts';

const testUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54339/app');
const dbName = `seed_check_${process.pid}`;
const adminUrl = new URL(testUrl);
adminUrl.pathname = '/postgres';
const seedUrl = new URL(testUrl);
seedUrl.pathname = `/${dbName}`;

const admin = new pg.Client({ connectionString: adminUrl.href });
const db = new pg.Client({ connectionString: seedUrl.href });
let first: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await migrate(seedUrl.href);
  first = await seed(seedUrl.href);
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db.end();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

async function scalar(query: string, params: unknown[] = []) {
  const { rows } = await db.query(query, params);
  return Number(Object.values(rows[0])[0]);
}

describe('demo seed', () => {
  it('has at least 40 mentors across all six categories, with what a mentor page shows', async () => {
    expect(first.skipped).toBe(false);
    expect(await scalar(`select count(*) from users where role = 'mentor'`)).toBeGreaterThanOrEqual(40);
    const { rows } = await db.query(`select category, count(*)::int as n from users where role = 'mentor' group by category order by category`);
    expect(rows.map((r) => r.category).sort()).toEqual(['Здоровье', 'Карьера', 'Красота', 'Образование', 'Просвещение', 'Хобби']);
    // every mentor is complete: avatar, description, skills, price, work, education, consultation types
    const incomplete = await scalar(`
      select count(*) from users u where u.role = 'mentor' and (
        u.avatar_url is null or u.description = '' or cardinality(u.skills) = 0 or u.price <= 0
        or not exists (select 1 from work_experiences w where w.user_id = u.id)
        or not exists (select 1 from educations e where e.user_id = u.id)
        or not exists (select 1 from consultation_types t where t.mentor_id = u.id))`);
    expect(incomplete).toBe(0);
  });

  it('has free slots over the coming weeks, one-time and recurring', async () => {
    const free = `from consultation_slots s where s.starts_at > now()
      and not exists (select 1 from consultation_bookings b where b.slot_id = s.id and b.status in ('pending_payment','paid','finished'))`;
    expect(await scalar(`select count(*) ${free} and s.series_id is null`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) ${free} and s.series_id is not null`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) ${free} and s.starts_at > now() + interval '6 weeks'`)).toBeGreaterThan(0);
  });

  it('has at least 80 events, past and future, free and paid, with covers and registrations', async () => {
    expect(await scalar(`select count(*) from events`)).toBeGreaterThanOrEqual(80);
    expect(await scalar(`select count(*) from events where starts_at < now()`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from events where starts_at > now()`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from events where price = 0`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from events where price > 0`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from events where image_url is null`)).toBe(0);
    expect(await scalar(`select count(*) from event_registrations`)).toBeGreaterThan(0);
    // the trigger's count agrees with the registrations
    expect(
      await scalar(`select count(*) from events e where e.taken_spots <> (select count(*) from event_registrations r
        where r.event_id = e.id and r.status in ('pending_payment','confirmed'))`),
    ).toBe(0);
  });

  it('has the three documented accounts; the demo mentor has slots, events and reviews', async () => {
    const { rows } = await db.query(`select email, role from users where email like '%@forma.test' and email in ('mentor@forma.test','mentee@forma.test','admin@forma.test') order by email`);
    expect(rows).toEqual([
      { email: 'admin@forma.test', role: 'admin' },
      { email: 'mentee@forma.test', role: 'mentee' },
      { email: 'mentor@forma.test', role: 'mentor' },
    ]);
    const mentor = `(select id from users where email = 'mentor@forma.test')`;
    expect(await scalar(`select count(*) from consultation_types where mentor_id = ${mentor}`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from consultation_slots where mentor_id = ${mentor} and starts_at > now()`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from events where mentor_id = ${mentor}`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from user_reviews where to_user_id = ${mentor}`)).toBeGreaterThan(0);
    // the ratings still show after the rule of one say per person for a held consultation (decision 010): the demo
    // sessions are paid, so nearly every mentor keeps a rating
    expect(await scalar(`select reviews_count from users where id = ${mentor}`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*) from users where role = 'mentor' and reviews_count > 0`)).toBeGreaterThan(40);
  });

  it('has an open dispute whose payment is held in escrow on both sides', async () => {
    const { rows } = await db.query(`
      select p.status, p.amount_kopecks, o.status as provider_status, o.amount_kopecks as provider_amount, o.request->'metadata'->>'payment_id' as meta,
             p.id::text as payment_id, (select sum(amount_kopecks) from ledger_entries l where l.payment_id = p.id) as ledger
      from disputes d join payments p on p.booking_id = d.booking_id join sandbox_provider_objects o on o.id = p.provider_payment_id
      where d.status = 'open'`);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ status: 'succeeded', provider_status: 'succeeded', meta: row.payment_id });
    expect(Number(row.provider_amount)).toBe(Number(row.amount_kopecks));
    expect(Number(row.ledger)).toBe(Number(row.amount_kopecks));
  });

  it("gives the demo mentee a session that just ended, unrated, its money held while a dispute can be opened", async () => {
    const { rows } = await db.query(`
      select b.status, p.status as payment, s.ends_at < now() as ended, s.ends_at > now() - interval '48 hours' as in_window,
             exists (select 1 from consultation_reviews r where r.booking_id = b.id) as rated
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id join users u on u.id = b.mentee_id
      join payments p on p.booking_id = b.id
      where u.email = 'mentee@forma.test' and s.starts_at < now() and b.status = 'paid'`);
    expect(rows).toEqual([{ status: 'paid', payment: 'succeeded', ended: true, in_window: true, rated: false }]);
  });

  it('holds the money of every upcoming paid consultation, so cancelling one refunds it', async () => {
    // a booking's money is all its payments: its own and a move's top-up (decision 024)
    const { rows } = await db.query(`
      select count(*)::int as paid, count(*) filter (where h.payments > 0)::int as held,
             count(*) filter (where h.held_kopecks = b.price * 100 and h.on_provider = h.payments)::int as matching
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
      cross join lateral (
        select count(*) as payments, sum(p.amount_kopecks - p.returned_kopecks) as held_kopecks, count(*) filter (where o.status = 'succeeded') as on_provider
        from payments p left join sandbox_provider_objects o on o.id = p.provider_payment_id
        where p.booking_id = b.id and p.status = 'succeeded') h
      where b.status = 'paid' and b.price > 0 and s.starts_at > now() and b.package_id is null`);
    expect(rows[0].paid).toBeGreaterThan(10);
    expect(rows[0]).toEqual({ paid: rows[0].paid, held: rows[0].paid, matching: rows[0].paid });
  });

  it('verifies only the demo mentor, through an approved application with a held interview (decision 004)', async () => {
    const { rows } = await db.query(`
      select u.email, u.verified_at = i.starts_at as dated, a.status, i.status as interview, i.checked_identity, i.checked_experience,
        i.ends_at - i.starts_at = interval '30 minutes' as half_hour, (select role from users where id = i.admin_id) as host
      from users u join mentor_applications a on a.user_id = u.id join mentor_interviews i on i.application_id = a.id and i.status = 'held'
      where u.is_verified`);
    expect(rows).toEqual([
      { email: 'mentor@forma.test', dated: true, status: 'approved', interview: 'held', checked_identity: true, checked_experience: true, half_hour: true, host: 'admin' },
    ]);
    expect(await scalar(`select count(*) from users where is_verified`)).toBe(1);
    // the application waiting in the admin's queue has times offered for the applicant to pick
    expect(await scalar(`select count(*) from mentor_interviews i join mentor_applications a on a.id = i.application_id
      where a.status = 'submitted' and i.status = 'offered' and i.starts_at > now()`)).toBe(2);
  });

  it('puts the demo mentee at a loyalty step of the demo mentor’s «Разбор резюме» (decision 006)', async () => {
    const { rows } = await db.query(`
      select t.loyalty_steps, lp.* from consultation_types t
      join users m on m.id = t.mentor_id and m.email = 'mentor@forma.test'
      cross join lateral forma_loyalty_price(t.id, (select id from users where email = 'mentee@forma.test')) lp
      where t.name = 'Разбор резюме'`);
    expect(rows[0]).toMatchObject({
      loyalty_steps: [{ from: 2, percent: 5 }, { from: 5, percent: 10 }],
      regular_price: 4000,
      discount_percent: 5,
      price: 3800,
      consultation_number: 2,
    });
  });

  it('gives the demo mentor’s «Пробное занятие» booking rules, and its slots within them are offered (decision 022)', async () => {
    const { rows } = await db.query(`
      select t.min_notice_hours, t.horizon_days, t.buffer_before_minutes, t.buffer_after_minutes, t.daily_limit, t.cancel_cutoff_hours,
             count(s.id) filter (where s.starts_at > now() and forma_booking_rule_broken(s.id, now()) is null)::int as offered
      from consultation_types t join users m on m.id = t.mentor_id and m.email = 'mentor@forma.test'
      left join consultation_slots s on s.consultation_type_id = t.id and s.deleted_at is null
      where t.name = 'Пробное занятие' group by t.id`);
    expect(rows[0]).toMatchObject({
      min_notice_hours: 12,
      horizon_days: 30,
      buffer_before_minutes: 15,
      buffer_after_minutes: 15,
      daily_limit: 3,
      cancel_cutoff_hours: 24,
    });
    expect(rows[0].offered).toBeGreaterThan(0);
  });

  it('gives the demo mentee a package of the demo mentor: one session held, one booked, three credits left, its payment in escrow (decision 006)', async () => {
    const { rows } = await db.query(`
      select t.name, t.packages, k.status, k.sessions, k.credits_left, k.price_per_session, k.expires_at > now() as live,
             (select count(*)::int from consultation_bookings b where b.package_id = k.id and b.status = 'finished') as held,
             (select count(*)::int from consultation_bookings b join consultation_slots s on s.id = b.slot_id
              where b.package_id = k.id and b.status = 'paid' and s.starts_at > now()) as booked,
             p.status as payment, p.amount_kopecks = k.price_per_session * k.sessions * 100 as whole, o.status as provider,
             (select sum(case when l.credit = 'escrow' then l.amount_kopecks else -l.amount_kopecks end)::bigint from ledger_entries l where l.payment_id = p.id) as escrow
      from consultation_packages k join consultation_types t on t.id = k.consultation_type_id
      join users u on u.id = k.mentee_id and u.email = 'mentee@forma.test'
      join payments p on p.package_id = k.id join sandbox_provider_objects o on o.id = p.provider_payment_id`);
    expect(rows).toEqual([
      {
        name: 'Подготовка к собеседованию',
        packages: [{ sessions: 5, percent: 10, valid_days: 180 }, { sessions: 10, percent: 15, valid_days: 180 }],
        status: 'active',
        sessions: 5,
        credits_left: 3,
        price_per_session: 5850,
        live: true,
        held: 1,
        booked: 1,
        payment: 'succeeded',
        whole: true,
        provider: 'succeeded',
        escrow: '2925000',
      },
    ]);
  });

  it('records two of the demo mentor’s recent consultations (the demo mentee’s among them) and a past event, each the demo clip as one part (decision 019)', async () => {
    const size = demoRecordingBytes().length;
    const { rows } = await db.query(`
      select r.content_type, r.status, r.parts, r.size_bytes::int as size, r.duration_ms, p.size as part, r.expires_at > now() as kept,
             coalesce(e.email, '') = 'mentee@forma.test' as with_mentee
      from meeting_recordings r join users m on m.id = r.host_id and m.email = 'mentor@forma.test'
      join meeting_recording_parts p on p.recording_id = r.id and p.part_no = 0
      left join consultation_bookings b on r.content_type = 'consultationbooking' and b.id = r.object_id
      left join users e on e.id = b.mentee_id
      order by r.content_type, with_mentee desc`);
    expect(rows.map((r) => r.content_type)).toEqual(['events', 'consultationbooking', 'consultationbooking']);
    expect(rows[1].with_mentee).toBe(true);
    for (const r of rows) expect(r).toMatchObject({ status: 'ready', parts: 1, size, part: size, duration_ms: 10_000, kept: true });
  });

  it('makes the demo mentor a самозанятый whose «Мой налог» permission is confirmed on the sandbox (decision 020)', async () => {
    const { rows } = await db.query(`
      select t.status, t.inn, t.self_employed_id, t.self_employed_status, t.confirmation_url,
             o.kind, o.status as provider_status, o.amount_kopecks::int as amount, o.request
      from mentor_tax_profiles t join users u on u.id = t.user_id and u.email = 'mentor@forma.test'
      left join sandbox_provider_objects o on o.id = t.self_employed_id`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'self_employed',
      inn: '500100732259',
      self_employed_id: expect.stringMatching(/^sbx_se_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      self_employed_status: 'confirmed',
      confirmation_url: null,
      kind: 'self_employed',
      provider_status: 'confirmed',
      amount: 0,
      request: { itn: '500100732259' },
    });
    // only the demo mentor declared a status; the seed makes no payouts, so there are no income receipts to show
    expect(await scalar(`select count(*) from mentor_tax_profiles`)).toBe(1);
    expect(await scalar(`select count(*) from payouts`)).toBe(0);
  });

  it('marks how every payment was paid: the demo mentee paid one by СБП, outside a safe deal, the rest by card (decision 020)', async () => {
    const { rows } = await db.query(`
      select p.service_type, p.provider_deal_id, o.request->'payment_method'->>'type' as provider_method, o.request ? 'deal' as in_deal
      from payments p join users u on u.id = p.payer_id and u.email = 'mentee@forma.test'
      join sandbox_provider_objects o on o.id = p.provider_payment_id
      where p.payment_method = 'sbp'`);
    expect(rows).toEqual([{ service_type: 'package', provider_deal_id: null, provider_method: 'sbp', in_deal: false }]);
    expect(await scalar(`select count(*) from payments where payment_method = 'sbp'`)).toBe(1);
    expect(await scalar(`select count(*) from payments where payment_method is distinct from 'bank_card' and payment_method is distinct from 'sbp'`)).toBe(0);
    expect(await scalar(`select count(*) from payments p join users u on u.id = p.payer_id and u.email = 'mentee@forma.test' where p.payment_method = 'bank_card'`)).toBeGreaterThan(0);
    // the provider's side says the same of every card payment
    expect(await scalar(`select count(*) from payments p join sandbox_provider_objects o on o.id = p.provider_payment_id
      where o.request->'payment_method'->>'type' is distinct from p.payment_method::text`)).toBe(0);
  });

  it('gives every payment its registered fiscal receipt, whose items add up to the payment (decision 020)', async () => {
    const { rows } = await db.query(`
      select p.amount_kopecks, f.status, f.amount_kopecks as receipt_kopecks, f.fiscal_storage_number, f.fiscal_document_number, f.fiscal_attribute,
             (select sum((i->>'quantity')::numeric * (i->'amount'->>'value')::numeric * 100) from jsonb_array_elements(f.items) i)::bigint as items_kopecks,
             o.request->'receipt'->'customer'->>'email' = u.email as sent_to_payer, o.request ? 'deal' as in_deal
      from payments p join users u on u.id = p.payer_id join sandbox_provider_objects o on o.id = p.provider_payment_id
      left join fiscal_receipts f on f.payment_id = p.id and f.kind = 'payment'`);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'succeeded', sent_to_payer: true, in_deal: false, fiscal_storage_number: expect.stringMatching(/^9999\d{12}$/), fiscal_document_number: expect.stringMatching(/^\d+$/), fiscal_attribute: expect.stringMatching(/^\d{10}$/) });
      expect(Number(row.receipt_kopecks)).toBe(Number(row.amount_kopecks));
      expect(Number(row.items_kopecks)).toBe(Number(row.amount_kopecks));
    }
  });

  it('counts every mentor’s reliability, some with enough data and some without (decision 021)', async () => {
    const { rows } = await db.query<{ due: number; attended: number; held: number; demo: boolean }>(`
      select f.consultations_due as due, f.consultations_attended as attended, f.sessions_held as held, u.email = 'mentor@forma.test' as demo
      from users u join reliability_figures f on f.user_id = u.id where u.role = 'mentor'`);
    expect(rows.length).toBe(await scalar(`select count(*) from users where role = 'mentor'`));
    // five consultations whose time came is the threshold for showing attendance (MIN_CONSULTATIONS_DUE)
    expect(rows.filter((r) => r.due >= 5).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.due < 5).length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.attended === r.due && r.held > 0)).toBe(true);
    // the demo mentor has enough: mentor@forma.test's page shows the figures
    expect(rows.find((r) => r.demo)!.due).toBeGreaterThanOrEqual(5);
    // mentees who missed a meeting show it to the mentors they book
    expect(await scalar('select count(*) from reliability_figures where mentee_attended < mentee_due')).toBeGreaterThan(0);
  });

  it('has a full event of the demo mentor with a line of five, the demo mentee second (decision 023)', async () => {
    const { rows } = await db.query(`
      select e.id, e.total_spots, e.taken_spots, e.price,
             (select array_agg(u.email order by w.created_at, w.id) from event_waitlist w join users u on u.id = w.user_id
              where w.event_id = e.id and w.status = 'waiting') as line
      from events e join users m on m.id = e.mentor_id
      where m.email = 'mentor@forma.test' and e.title = 'Пробное собеседование в прямом эфире'`);
    expect(rows).toHaveLength(1);
    const [event] = rows;
    expect(event.taken_spots).toBe(event.total_spots);
    expect(event.price).toBeGreaterThan(0);
    expect(event.line).toHaveLength(5);
    expect(event.line[1]).toBe('mentee@forma.test');
    // nobody waits for an event with a free seat, and nobody waits who holds one
    expect(await scalar(`select count(*) from event_waitlist w join events e on e.id = w.event_id where w.status = 'waiting' and e.taken_spots < e.total_spots`)).toBe(0);
    expect(await scalar(`select count(*) from event_waitlist w join event_registrations r on r.event_id = w.event_id and r.user_id = w.user_id
      where w.status = 'waiting' and r.status <> 'canceled'`)).toBe(0);
  });

  it('gives the demo mentee a consultation she moved: on its new slot with its payment held, the old slot free, both told, a line in their chat (decision 024)', async () => {
    const { rows } = await db.query(`
      select b.status, b.revision, b.price, p.status as payment, p.amount_kopecks = b.price * 100 as whole, s.starts_at > now() as ahead,
             (select count(*)::int from fiscal_receipts f where f.payment_id = p.id) as receipts,
             (select count(*)::int from notifications n where n.kind = 'booking_moved' and n.payload->>'url' like '%booking=' || b.id) as told,
             (select count(*)::int from consultation_slots o where o.mentor_id = b.mentor_id and o.consultation_type_id = b.consultation_type_id
                and o.starts_at < s.starts_at and o.starts_at > now() and extract(hour from o.starts_at at time zone m.time_zone) = 7
                and not exists (select 1 from consultation_bookings x where x.slot_id = o.id)) as old_free,
             exists (select 1 from chat_messages c where c.sender_id = b.mentee_id and c.content like 'Консультация «%» перенесена: %') as chat_line
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id join users u on u.id = b.mentee_id join users m on m.id = b.mentor_id
      join payments p on p.booking_id = b.id
      where u.email = 'mentee@forma.test' and b.revision > 0 and not exists (select 1 from booking_type_moves m where m.booking_id = b.id)`);
    expect(rows).toEqual([{ status: 'paid', revision: 1, price: rows[0].price, payment: 'succeeded', whole: true, ahead: true, receipts: 1, told: 2, old_free: 1, chat_line: true }]);
  });

  it('gives the demo mentee a consultation moved onto a dearer type of its mentor: the move done, both payments held, both told (decision 024)', async () => {
    const { rows } = await db.query(`
      select b.id, b.status, b.revision, b.price = t.costs and b.regular_price = t.costs and b.discount_percent = 0 as priced,
             b.type_name = t.name and b.cancel_cutoff_hours = t.cancel_cutoff_hours as typed, s.starts_at > now() as ahead,
             b.slot_id = m.to_slot_id and b.consultation_type_id = m.to_type_id as on_move, t.mentor_id = b.mentor_id and f.mentor_id = b.mentor_id as same_mentor,
             m.status as move, m.done_at is not null as done, m.hold_expires_at, m.price_before = f.costs as price_before, m.price_after = t.costs as price_after,
             m.type_name_after = t.name as named, m.cancel_cutoff_hours_after = t.cancel_cutoff_hours as cutoff, t.costs > f.costs as dearer,
             t.name as type_name, f.name as type_before, mentor.email = 'mentor@forma.test' as demo_mentor,
             exists (select 1 from consultation_bookings x where x.slot_id = m.from_slot_id) as old_taken,
             (select count(*)::int from chat_rooms r where r.direct_key = least(b.mentor_id, b.mentee_id) || ':' || greatest(b.mentor_id, b.mentee_id)) as rooms
      from booking_type_moves m join consultation_bookings b on b.id = m.booking_id join consultation_slots s on s.id = b.slot_id
      join consultation_types t on t.id = b.consultation_type_id join consultation_types f on f.id = m.from_type_id
      join users u on u.id = b.mentee_id join users mentor on mentor.id = b.mentor_id
      where u.email = 'mentee@forma.test'`);
    expect(rows).toHaveLength(1);
    const [moved] = rows;
    expect(moved).toMatchObject({
      status: 'paid', revision: 1, priced: true, typed: true, ahead: true, on_move: true, same_mentor: true, move: 'done', done: true,
      hold_expires_at: null, price_before: true, price_after: true, named: true, cutoff: true, dearer: true, demo_mentor: false, old_taken: false,
    });
    // the booking's own payment and the top-up of the difference, each held with its ledger entry, receipt and provider object
    const payments = await db.query(`
      select p.type_move_id is not null as top_up, p.type_move_id = m.id as of_move, p.status, p.amount_kopecks::int as amount, p.service_title,
             m.price_before * 100 as before_kopecks, (m.price_after - m.price_before) * 100 as difference_kopecks,
             o.status as provider, o.amount_kopecks = p.amount_kopecks as provider_amount, o.request->>'description' as description,
             (select count(*)::int from ledger_entries l where l.payment_id = p.id and l.kind = 'payment_received' and l.amount_kopecks = p.amount_kopecks) as received,
             (select count(*)::int from fiscal_receipts r where r.payment_id = p.id and r.kind = 'payment' and r.status = 'succeeded' and r.amount_kopecks = p.amount_kopecks) as receipts
      from payments p join booking_type_moves m on m.booking_id = p.booking_id left join sandbox_provider_objects o on o.id = p.provider_payment_id
      where p.booking_id = $1 order by top_up`, [moved.id]);
    const [own, topUp] = payments.rows;
    expect(payments.rows).toHaveLength(2);
    expect(own).toMatchObject({ top_up: false, of_move: null, status: 'succeeded', provider: 'succeeded', provider_amount: true, received: 1, receipts: 1 });
    expect(own.amount).toBe(Number(own.before_kopecks));
    expect(topUp).toMatchObject({
      top_up: true, of_move: true, status: 'succeeded', service_title: moved.type_name, provider: 'succeeded', provider_amount: true, received: 1, receipts: 1,
      description: `Доплата за перенос консультации «${moved.type_name}»`,
    });
    expect(topUp.amount).toBe(Number(topUp.difference_kopecks));
    // both told, in the server's words with the type change; a line in their chat if they have a room
    const told = await db.query(`select u.email = 'mentee@forma.test' as mentee, n.message, n.is_read from notifications n join users u on u.id = n.user_id
      where n.kind = 'booking_moved' and n.payload->>'url' like '%booking=' || $1::int and n.dedupe_key = 'booking_moved:' || $1::int || ':1' order by mentee`, [moved.id]);
    expect(told.rows).toHaveLength(2);
    const change = `; формат «${moved.type_name}» вместо «${moved.type_before}»)`;
    expect(told.rows[0]).toMatchObject({ mentee: false, is_read: false, message: expect.stringMatching(/^Ученик перенёс консультацию: Мария Лебедева, «/) });
    expect(told.rows[1]).toMatchObject({ mentee: true, is_read: true, message: expect.stringMatching(/^Вы перенесли консультацию: /) });
    for (const row of told.rows) expect(row.message.endsWith(change)).toBe(true);
    expect(await scalar(`select count(*) from chat_messages c join consultation_bookings b on b.id = $1 and c.sender_id = b.mentee_id
      join chat_rooms r on r.id = c.room_id and r.direct_key = least(b.mentor_id, b.mentee_id) || ':' || greatest(b.mentor_id, b.mentee_id)
      where c.content like '%' || $2`, [moved.id, `; формат «${moved.type_name}» вместо «${moved.type_before}»`])).toBe(moved.rooms);
  });

  it('gives the demo mentee a mentor’s proposal to move a paid consultation, waiting for her answer, told in the bell and their chat (decision 024)', async () => {
    const { rows } = await db.query(`
      select p.id, p.status, p.answered_at, p.expires_at > now() as live, p.expires_at <= now() + interval '24 hours' as within_day,
             p.expires_at <= cur.starts_at as before_start, p.proposed_by = b.mentor_id as by_mentor, b.status as booking, cur.starts_at > now() as ahead,
             tgt.mentor_id = b.mentor_id and tgt.consultation_type_id = b.consultation_type_id as same_type, tgt.starts_at > now() as slot_ahead,
             tgt.id <> b.slot_id as other_slot, tgt.deleted_at is null as slot_live, forma_booking_rule_broken(tgt.id, now(), b.id) as rule,
             exists (select 1 from consultation_bookings x where x.slot_id = tgt.id and x.status in ('pending_payment', 'paid', 'finished')) as slot_taken,
             (select count(*)::int from payments pay where pay.booking_id = b.id and pay.status = 'succeeded') as paid,
             (select count(*)::int from notifications n where n.user_id = b.mentee_id and n.kind = 'booking_move_proposed' and not n.is_read
                and n.dedupe_key = 'booking_move_proposed:' || p.id and n.payload->>'url' = '/CalendarPage?tab=participating&booking=' || b.id
                and n.message like 'Наставник предлагает перенести консультацию: %, «' || b.type_name || '», % → %. Ответьте до %') as told,
             (select count(*)::int from chat_rooms r where r.direct_key = least(b.mentor_id, b.mentee_id) || ':' || greatest(b.mentor_id, b.mentee_id)) as rooms,
             (select count(*)::int from chat_messages c join chat_rooms r on r.id = c.room_id
                and r.direct_key = least(b.mentor_id, b.mentee_id) || ':' || greatest(b.mentor_id, b.mentee_id)
              where c.sender_id = b.mentor_id and c.content like 'Предлагаю перенести консультацию «' || b.type_name || '»: % → %') as chat_lines
      from booking_move_proposals p join consultation_bookings b on b.id = p.booking_id join consultation_slots cur on cur.id = b.slot_id
      join consultation_slots tgt on tgt.id = p.slot_id join users u on u.id = b.mentee_id
      where u.email = 'mentee@forma.test'`);
    expect(rows).toHaveLength(1);
    const [proposal] = rows;
    expect(proposal).toMatchObject({
      status: 'pending', answered_at: null, live: true, within_day: true, before_start: true, by_mentor: true, booking: 'paid', ahead: true,
      same_type: true, slot_ahead: true, other_slot: true, slot_live: true, rule: null, slot_taken: false, paid: 1, told: 1, chat_lines: proposal.rooms,
    });
  });

  it('links notifications only to routes of the app', async () => {
    const { rows } = await db.query(`select payload->>'url' as url from notifications where payload ? 'url'`);
    for (const { url } of rows) expect(url).toMatch(/^\/(CalendarPage(\?tab=\w+&booking=\d+)?|ChatsPage\?roomId=[\w-]+|event_info\/\d+\/|mentor_info\/\d+)$/);
  });

  it('changes nothing when run again', async () => {
    const before = await scalar(`select (select count(*) from users) + (select count(*) from events) + (select count(*) from consultation_slots)`);
    const again = await seed(seedUrl.href);
    expect(again.skipped).toBe(true);
    expect(await scalar(`select (select count(*) from users) + (select count(*) from events) + (select count(*) from consultation_slots)`)).toBe(before);
  });
});
