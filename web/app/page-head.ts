// The <head> of a page rendered on the server (decision 014, «Rendered on the server»; issue 35 item 21): its title and
// the OpenGraph/Twitter tags a shared link's preview is drawn from. Read from the query cache the render filled, so
// the page and its preview say the same; only the server render imports this module (no weight on the SPA).
import type { QueryClient } from '@tanstack/react-query';
import type { EventDetail } from '../lib/events/events.api.ts';
import type { MentorDetail } from '../lib/mentors/mentors.api.ts';
import { eventQueries } from '../lib/events/events.queries.ts';
import { mentorQueries } from '../lib/mentors/mentors.queries.ts';

export const SITE_NAME = 'Форма';
/** The preview of a page without a picture of its own (public/og-image.png, 1200×630). */
export const SITE_IMAGE = '/og-image.png';
const SITE_DESCRIPTION = 'Форма — маркетплейс наставников: консультации один на один и групповые мероприятия.';
/** Previews cut descriptions at about this length; ours end on a whole word with an ellipsis. */
const DESCRIPTION_MAX = 200;

export type PageHead = { title: string; description: string; image: string; type: 'website' | 'profile' | 'article' };

const LISTS: Record<string, Omit<PageHead, 'image' | 'type'>> = {
  '/': { title: `${SITE_NAME} — наставники и мероприятия`, description: SITE_DESCRIPTION },
  '/AllMentors': {
    title: `Наставники — ${SITE_NAME}`,
    description: 'Найдите наставника по карьере, IT, дизайну, спорту и хобби: цены, отзывы и свободное время для консультации.',
  },
  '/AllEvents': {
    title: `Мероприятия — ${SITE_NAME}`,
    description: 'Мастер-классы, вебинары и встречи с наставниками: даты, цены и свободные места.',
  },
};

/** Text of an HTML fragment on one line (the event description is stored as sanitized HTML). */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:—-]+$/, '')}…`;
}

const priceText = (price: number) => `${new Intl.NumberFormat('ru-RU').format(price).replace(/\u00a0/g, ' ')} ₽`;

function mentorHead(mentor: MentorDetail): PageHead {
  const name = `${mentor.mentor_name} ${mentor.mentor_surname}`.trim();
  // the title names the specialization; the description adds what a visitor decides on: the field and the price
  const facts = [mentor.category, mentor.price ? `консультации от ${priceText(mentor.price)}` : null].filter(Boolean).join(' · ');
  const description = [facts ? `${facts}.` : null, mentor.mentor_description].filter(Boolean).join(' ');
  return {
    title: `${name}${mentor.mentor_specialization ? ` — ${mentor.mentor_specialization}` : ''} | ${SITE_NAME}`,
    description: shorten(description || `Наставник в «${SITE_NAME}»: консультации и мероприятия.`),
    image: mentor.mentor_avatar_url ?? SITE_IMAGE,
    type: 'profile',
  };
}

function eventHead(event: EventDetail, zone: string): PageHead {
  const when = new Intl.DateTimeFormat('ru-RU', { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(event.date));
  const host = event.mentor_info ? `${event.mentor_info.mentor_name} ${event.mentor_info.mentor_surname}`.trim() : null;
  const facts = [when, event.price ? priceText(event.price) : 'бесплатно', host ? `ведёт ${host}` : null].filter(Boolean).join(' · ');
  return {
    title: `${event.title} | ${SITE_NAME}`,
    description: shorten(`${facts}. ${plainText(event.description ?? '')}`.trim()),
    image: event.image_url ?? SITE_IMAGE,
    type: 'article',
  };
}

/** The head of the page at `url`, from what its render read; the site's own for any other page. */
export function pageHead(url: URL, queryClient: QueryClient, zone: string): PageHead {
  const mentor = /^\/mentor_info\/(\d+)\/?$/.exec(url.pathname);
  const mentorData = mentor ? queryClient.getQueryData(mentorQueries.detail(Number(mentor[1])).queryKey) : undefined;
  if (mentorData) return mentorHead(mentorData);
  const event = /^\/event_info\/(\d+)\/?$/.exec(url.pathname);
  const eventData = event ? queryClient.getQueryData(eventQueries.detail(Number(event[1])).queryKey) : undefined;
  if (eventData) return eventHead(eventData, zone);
  const list = LISTS[url.pathname.replace(/(.)\/$/, '$1')] ?? LISTS['/'];
  return { ...list, image: SITE_IMAGE, type: 'website' };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tags of `head` for the page at `url` (image and address absolute, as previews need them). */
export function headTags(head: PageHead, url: URL): string {
  const image = new URL(head.image, url.origin).href;
  const canonical = new URL(url.pathname, url.origin).href;
  const [title, description] = [escapeAttribute(head.title), escapeAttribute(head.description)];
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeAttribute(canonical)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:locale" content="ru_RU" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttribute(canonical)}" />`,
    `<meta property="og:image" content="${escapeAttribute(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeAttribute(image)}" />`,
  ].join('\n    ');
}
