// The event editor's limits, messages and description count (spec 002 §5.4, §9): the server's schema and the web's
// form both read them from here, so the two refuse the same input with the same words. Pure: no server-only code.
import { IMAGE_MAX_BYTES } from '../files/file-limits.ts';

export const EVENT_PRICE_MAX = 150_000;
export const EVENT_DESCRIPTION_MAX = 500;
/** raw HTML bound, far above what 500 characters of formatted text need */
export const EVENT_DESCRIPTION_HTML_MAX = 20_000;
export const EVENT_TITLE_MAX = 255;
export const EVENT_SPOTS_MAX = 100_000;
export const EVENT_LEAD_MS = 60 * 60 * 1000;
/** An event is «в эфире» from this long before its start until its end (the server's status 'live', the calendar's «Скоро в эфире»). */
export const EVENT_LIVE_LEAD_MINUTES = 60;
export const EVENT_DEFAULT_SPOTS = 20;
export const EVENT_DEFAULT_TIME = '18:00';
/** the cover image's bound: any image upload's */
export const EVENT_COVER_MAX_BYTES = IMAGE_MAX_BYTES;

export const eventMessages = {
  required: 'Поле обязательно для заполнения',
  titleTooLong: `Название не должно превышать ${EVENT_TITLE_MAX} символов`,
  /** the form's own check (§5.4) */
  category: 'Выберите действительную категорию',
  /** the API's refusal of a payload's category (§8 «Form:», the payload builder's words) */
  categoryPayload: 'Выберите действительную категорию мероприятия.',
  /** a calendar day that does not exist, e.g. 2030-02-30 (§8 «Form:»); a string that is no date at all is dateInvalid */
  dateDay: 'Некорректная дата мероприятия.',
  dateRequired: 'Дата и время мероприятия обязательны.',
  dateInvalid: 'Некорректные дата или время мероприятия.',
  datePast: 'Дата не может быть в прошлом',
  tooSoon: 'Укажите более позднее время',
  time: 'Некорректный формат времени (ЧЧ:ММ)',
  priceRequired: 'Цена обязательна',
  priceNumber: 'Цена должна быть числом',
  priceInteger: 'Цена должна быть целым числом',
  priceRange: 'Цена должна быть от 0 до 150,000',
  spots: 'Минимум 1 участник',
  spotsMax: 'Не больше 100 000 мест',
  spotsBelowTaken: (taken: number) => `Мест не может быть меньше, чем уже занято: ${taken}`,
  descriptionLimit: `Превышен лимит в ${EVENT_DESCRIPTION_MAX} символов`,
  descriptionHtml: 'Описание слишком длинное',
  discount: 'Скидка должна быть целым числом от 1 до 100',
  duration: 'Длительность должна быть от 1 до 1440 минут',
  flag: 'Некорректное значение',
  canceledFlag: 'Отменить мероприятие можно только отменой: участникам вернутся деньги',
  imageNotImage: 'Пожалуйста, загрузите изображение.',
  imageTooLarge: 'Файл слишком большой. Максимальный размер 5MB.',
};

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The text a reader sees, for the 500-character limit: tags removed, entities decoded. Counted in code
 * points, so an emoji is one character. The editor's counter and the server's check both use it.
 */
export function descriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    });
}

export const descriptionLength = (html: string) => Array.from(descriptionText(html)).length;
