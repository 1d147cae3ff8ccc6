// The head of a page rendered on the server (web/app/page-head.ts; issue 35 item 21): what a shared link's preview
// reads, escaped, with absolute addresses, from the data the page itself shows.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { headTags, pageHead } from '../../web/app/page-head.ts';
import { eventQueries } from '../../web/lib/events/events.queries.ts';
import type { EventDetail } from '../../web/lib/events/events.api.ts';

const url = new URL('https://forma.example/event_info/7?utm=x');

describe('page head', () => {
  it('describes an event by its date in the page\'s zone, price and host, its description as plain text, cut on a word', () => {
    const client = new QueryClient();
    const event = {
      id: 7,
      title: 'Лекция «A & B» <script>',
      date: '2027-02-05T16:30:00.000Z',
      price: 4000,
      image_url: '/media/covers/7.jpg',
      mentor_info: { id: 3, mentor_name: 'Анна', mentor_surname: 'Смирнова', mentor_avatar_url: null },
      description: `<p>Про &quot;главное&quot;</p><ul><li>раз</li></ul>${'<p>слово </p>'.repeat(60)}`,
    } as unknown as EventDetail;
    client.setQueryData(eventQueries.detail(7).queryKey, event);
    const head = pageHead(url, client, 'Asia/Yekaterinburg');
    expect(head.title).toBe('Лекция «A & B» <script> | Форма');
    expect(head.description.startsWith('5 февраля 2027 г. в 21:30 · 4 000 ₽ · ведёт Анна Смирнова. Про "главное" раз слово')).toBe(true);
    expect(head.description.length).toBeLessThanOrEqual(200);
    expect(head.description.endsWith('слово…')).toBe(true);

    const tags = headTags(head, url);
    expect(tags).toContain('<title>Лекция «A &amp; B» &lt;script&gt; | Форма</title>');
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('<meta property="og:image" content="https://forma.example/media/covers/7.jpg" />');
    // the address without its query: one preview per page
    expect(tags).toContain('<meta property="og:url" content="https://forma.example/event_info/7" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('gives a list its own title and the site\'s picture, and any page it does not know the site\'s', () => {
    const client = new QueryClient();
    expect(pageHead(new URL('https://forma.example/AllMentors/'), client, 'Europe/Moscow')).toMatchObject({ title: 'Наставники — Форма', image: '/og-image.png', type: 'website' });
    // an event whose data the render did not get falls back to the site's head, not to an empty one
    expect(pageHead(url, client, 'Europe/Moscow')).toMatchObject({ title: 'Форма — наставники и мероприятия' });
  });
});
