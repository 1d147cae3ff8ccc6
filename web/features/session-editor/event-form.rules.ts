import { categories, type Category } from '../../../drizzle/categories.ts';
import {
  descriptionText,
  EVENT_COVER_MAX_BYTES,
  EVENT_DEFAULT_SPOTS,
  EVENT_DEFAULT_TIME,
  EVENT_DESCRIPTION_MAX,
  EVENT_LEAD_MS,
  EVENT_PRICE_MAX,
  eventMessages,
} from '../../../worker/events/event-rules.ts';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../../../worker/lib/single-line.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { isTime, todayIn, zonedInstant, zonedParts } from './editor-time.ts';

/* The event form's state and checks (spec 002 §4.6, §5.4, §8, §9), with the server's limits and messages. */

export const EVENT_CATEGORIES = categories;
export const DEFAULT_CATEGORY: Category = 'Образование';
export const DESCRIPTION_PREVIEW = 100;

/** What the form says beyond the rules' messages (those are the server's, from event-rules.ts). */
export const eventFormMessages = {
  coverRead: 'Ошибка при загрузке изображения.',
  previewStorage: 'Ошибка при сохранении данных предпросмотра',
  created: 'Мероприятие успешно создано',
  updated: 'Мероприятие успешно обновлено',
  deleted: 'Мероприятие успешно удалено',
  saveFailed: (message: string) => `Не удалось сохранить: ${message}`,
  deleteFailed: (message: string) => `Не удалось удалить: ${message}`,
} as const;

/** What the form edits; numbers stay strings so a half-typed value can be shown and judged. */
export type EventFormState = {
  title: string;
  description: string;
  category: string;
  date: string;
  time: string;
  price: string;
  discount: string;
  seats: string;
  noLimit: boolean;
  isPublic: boolean;
  /** «Записывать встречи» (issue 36): on by default */
  isRecorded: boolean;
  /** the cover now on the server (edit) */
  imageUrl: string | null;
  /** a new cover picked in the form */
  image: File | null;
  /** its data URL, for the preview and the draft */
  imagePreview: string | null;
  removeImage: boolean;
};

export type EventFormValues = {
  title: string;
  description: string;
  event_category: Category;
  date: string;
  price: number;
  discount: number | null;
  total_spots: number;
  /** undefined: not sent (an edit that did not touch it) */
  is_public?: boolean;
  is_recorded?: boolean;
};

export function newEventState(): EventFormState {
  return {
    title: '',
    description: '',
    category: DEFAULT_CATEGORY,
    date: '',
    time: EVENT_DEFAULT_TIME,
    price: '0',
    discount: '',
    seats: String(EVENT_DEFAULT_SPOTS),
    noLimit: false,
    isPublic: true,
    isRecorded: true,
    imageUrl: null,
    image: null,
    imagePreview: null,
    removeImage: false,
  };
}

type KnownEvent = {
  title: string;
  description: string;
  category: string;
  date: string;
  price: number | null;
  discount?: number | null;
  total_spots: number;
  image_url: string | null;
  is_public?: boolean;
  is_recorded?: boolean;
};

export function stateFromEvent(event: KnownEvent, timeZone: string): EventFormState {
  const { date, time } = zonedParts(event.date, timeZone);
  return {
    ...newEventState(),
    title: event.title,
    description: event.description ?? '',
    category: event.category,
    date,
    time,
    price: String(event.price ?? 0),
    discount: event.discount ? String(event.discount) : '',
    seats: event.total_spots === 0 ? String(EVENT_DEFAULT_SPOTS) : String(event.total_spots),
    noLimit: event.total_spots === 0,
    isPublic: event.is_public ?? true,
    isRecorded: event.is_recorded ?? true,
    imageUrl: event.image_url,
  };
}

/** A card's description: the text cut at 100 characters with an ellipsis. */
export function descriptionPreview(html: string, max = DESCRIPTION_PREVIEW): string {
  // a space after each block, so paragraphs and list items don't run together
  const text = descriptionText(html.replace(/<\/(p|h[1-6]|li|div)>|<br\s*\/?>/gi, '$& ')).replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/** The cover checks (spec 002 §5.4): an image, at most 5 MB. Null when the file is fine. */
export function coverProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return eventMessages.imageNotImage;
  if (file.size > EVENT_COVER_MAX_BYTES) return eventMessages.imageTooLarge;
  return null;
}

function priceProblem(raw: string): string | null {
  const value = raw.trim().replace(',', '.');
  if (!value) return eventMessages.priceRequired;
  const n = Number(value);
  if (!Number.isFinite(n)) return eventMessages.priceNumber;
  if (!Number.isInteger(n)) return eventMessages.priceInteger;
  if (n < 0 || n > EVENT_PRICE_MAX) return eventMessages.priceRange;
  return null;
}

/** Every message of spec 002 §5.4 under its field; values only when nothing is wrong. */
export function validateEvent(
  state: EventFormState,
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
): { values: EventFormValues | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!state.title.trim()) errors.title = eventMessages.required;
  else if (!isSingleLine(state.title.trim())) errors.title = SINGLE_LINE_MESSAGE;
  if (!(EVENT_CATEGORIES as readonly string[]).includes(state.category)) errors.category = eventMessages.category;

  if (!state.date) errors.date = eventMessages.required;
  else if (state.date < todayIn(timeZone, now)) errors.date = eventMessages.datePast;
  if (!state.time.trim()) errors.time = eventMessages.required;
  else if (!isTime(state.time)) errors.time = eventMessages.time;
  if (!errors.date && !errors.time) {
    const start = zonedInstant(state.date, state.time, timeZone);
    if (start.getTime() < now.getTime() + EVENT_LEAD_MS) errors.time = eventMessages.tooSoon;
  }

  const price = priceProblem(state.price);
  if (price) errors.price = price;

  if (state.discount.trim()) {
    const d = Number(state.discount);
    if (!Number.isInteger(d) || d < 1 || d > 100) errors.discount = eventMessages.discount;
  }
  if (!state.noLimit) {
    const seats = Number(state.seats);
    if (!state.seats.trim() || !Number.isInteger(seats) || seats < 1) errors.seats = eventMessages.spots;
  }
  if (Array.from(descriptionText(state.description)).length > EVENT_DESCRIPTION_MAX) errors.description = eventMessages.descriptionLimit;

  if (Object.keys(errors).length) return { values: null, errors };
  return {
    errors,
    values: {
      title: state.title.trim(),
      description: state.description,
      event_category: state.category as Category,
      date: zonedInstant(state.date, state.time, timeZone).toISOString(),
      price: Number(state.price.trim()),
      discount: state.discount.trim() ? Number(state.discount) : null,
      total_spots: state.noLimit ? 0 : Number(state.seats),
      is_public: state.isPublic,
      is_recorded: state.isRecorded,
    },
  };
}

/**
 * The event payload of spec 002 §7 as multipart: the fields plus event_image when a cover was picked and
 * remove_image as 'true' / 'false'. A new event has every seat free.
 */
export function eventFormData(
  values: EventFormValues,
  { mentorId, image, removeImage, isNew }: { mentorId: number; image: File | null; removeImage: boolean; isNew: boolean },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(eventPayload(values, mentorId, isNew))) form.append(key, String(value));
  form.append('remove_image', removeImage ? 'true' : 'false');
  if (image) form.append('event_image', image, image.name);
  return form;
}

/** The same payload as JSON (UpdateEvent without a new cover or removal). */
export function eventPayload(values: EventFormValues, mentorId: number, isNew: boolean): Record<string, string | number | boolean> {
  return {
    title: values.title,
    description: values.description,
    mentor_id: mentorId,
    date: values.date,
    price: values.price,
    ...(values.discount != null ? { discount: values.discount } : { discount: '' }),
    total_spots: values.total_spots,
    ...(isNew ? { available_spots: values.total_spots } : {}),
    event_category: values.event_category,
    ...(values.is_public !== undefined ? { is_public: values.is_public } : {}),
    ...(values.is_recorded !== undefined ? { is_recorded: values.is_recorded } : {}),
    ...(isNew ? { is_canceled: false, is_whitelisted: false } : {}),
  };
}

/** The draft /event_info/preview reads from localStorage 'previewEvent' (see features/events/event-preview-screen). */
export function previewDraft(state: EventFormState, { mentorId, eventId, timeZone }: { mentorId: number; eventId: number | null; timeZone: string }) {
  const date = state.date && isTime(state.time) ? zonedInstant(state.date, state.time, timeZone) : null;
  const total = state.noLimit ? 0 : Number(state.seats) || 0;
  return {
    id: eventId,
    title: state.title,
    coverImage: state.imagePreview ?? (state.removeImage ? null : state.imageUrl),
    date: date && dayjs(date).isValid() ? date.toISOString() : null,
    price: state.price,
    available_spots: total,
    total_spots: total,
    description: state.description,
    mentorId,
  };
}
