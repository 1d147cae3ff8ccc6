// The catalogue the list scenarios of `npm run bench` read (also handy for looking at a query's plan at that volume).
import pg from 'pg';

/**
 * Catalogue volume for the list scenarios: 2 000 more mentors and 100 000 events (past year to next year)
 * with Russian titles and HTML descriptions, random categories, prices and seats, spread over all mentors.
 * One INSERT … SELECT each; then VACUUM ANALYZE, as autovacuum would after such a load.
 */
export async function insertCatalogue(databaseUrl, { mentors = 2_000, events = 100_000 } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const t = performance.now();
  const words = (list) => `array[${list.map((w) => `'${w}'`).join(',')}]`;
  const topics = words(['Акварель', 'Йога', 'Гитара', 'Карьера в IT', 'Маркетинг', 'Английский', 'Фотография', 'Керамика', 'Финансы', 'Публичные выступления', 'Питание', 'Ёлочные игрушки', 'Python', 'Дизайн интерфейсов', 'Медитация', 'Рисование']);
  const kinds = words(['мастер-класс', 'вебинар', 'практикум', 'лекция', 'интенсив', 'разбор', 'встреча', 'воркшоп']);
  const levels = words(['для начинающих', 'для продолжающих', 'с нуля', 'для профессионалов', 'для всей семьи', 'онлайн', 'выходного дня']);
  const specs = words(['Инструктор по йоге', 'Продуктовый дизайнер', 'Карьерный консультант', 'Преподаватель английского', 'Фотограф', 'Финансовый консультант', 'Тренер по бегу', 'Python-разработчик']);
  try {
    await db.query(`
      insert into users (email, role, first_name, last_name, tg_title, specialization, skills, description, category, price)
      select 'bench.mentor.' || g || '@bench.forma', 'mentor',
             (array['Анна','Иван','Ольга','Пётр','Мария','Сергей','Ёлена','Дмитрий'])[1 + g % 8],
             (array['Иванова','Смирнов','Кузнецова','Попов','Соколова','Лебедев','Козлова','Новиков'])[1 + (g / 8) % 8],
             '@mentor' || g, (${specs})[1 + g % 8],
             array[(${topics})[1 + g % 16], (${topics})[1 + (g / 16) % 16]],
             'Помогаю ученикам: ' || (${topics})[1 + (g / 3) % 16] || ', ' || (${levels})[1 + g % 7],
             (enum_range(null::category))[1 + g % 6], 500 + (g % 40) * 250
      from generate_series(1, $1::int) g`, [mentors]);
    await db.query(`
      with m as (select array_agg(id) ids from users where role = 'mentor')
      insert into events (mentor_id, title, description, category, starts_at, duration_minutes, price, total_spots, age_restriction)
      select m.ids[1 + floor(random() * array_length(m.ids, 1))::int],
             (${topics})[1 + floor(random() * 16)::int] || ': ' || (${kinds})[1 + floor(random() * 8)::int] || ' ' || (${levels})[1 + floor(random() * 7)::int],
             '<p>' || (${kinds})[1 + floor(random() * 8)::int] || ' о теме «' || (${topics})[1 + floor(random() * 16)::int] ||
               '». <b>Программа</b>: теория, практика и ответы на вопросы ' || (${levels})[1 + floor(random() * 7)::int] || '.</p><p>Занятие № ' || g || '</p>',
             (enum_range(null::category))[1 + floor(random() * 6)::int],
             now() - interval '365 days' + random() * interval '730 days',
             (array[45, 60, 90, 120])[1 + floor(random() * 4)::int],
             case when random() < 0.2 then 0 else (1 + floor(random() * 60)::int) * 250 end,
             (array[0, 10, 20, 50, 100])[1 + floor(random() * 5)::int],
             (array[0, 12, 16, 18])[1 + floor(random() * 4)::int]
      from generate_series(1, $1::int) g, m`, [events]);
    // every mentor's reliability row, as the hourly job leaves them (decision 021), so the list's join finds one per card
    await db.query(`
      insert into reliability_figures (user_id, sessions_held, consultations_due, consultations_attended, bookings90d,
        mentor_cancellations90d, chats_opened, chats_answered, reply_median_seconds)
      select id, id % 40, id % 30, greatest(id % 30 - (id % 3 = 0)::int, 0), id % 12, (id % 12 > 0 and id % 5 = 0)::int,
             id % 9, greatest(id % 9 - (id % 4 = 0)::int, 0), 600 + id % 7200
      from users where role = 'mentor' on conflict (user_id) do nothing`);
    await db.query('vacuum analyze reliability_figures');
    await db.query('vacuum analyze users');
    await db.query('vacuum analyze events');
    // a rare word: for a common one ('акварел' is in every 16th title) walking the sort index is cheaper
    const plan = await db.query(
      `explain select id from events where is_public and not is_canceled and search_text like '%' || forma_search_norm($1) || '%' order by price, id limit 21`,
      ['Занятие № 42424'],
    );
    const usesIndex = plan.rows.some((r) => r['QUERY PLAN'].includes('events_search_trgm_idx'));
    return { ms: Math.round(performance.now() - t), usesIndex };
  } finally {
    await db.end();
  }
}
