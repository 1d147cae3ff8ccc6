// zod's own messages in Russian (issue 41): a rule a schema states without a message of its own (an enum, a literal, a
// union, a field's type, a bound left bare) used to answer in zod's English locale («Invalid input», «Invalid option:
// expected one of…»), and that reached people through the error envelope and the forms. The schemas' own messages
// still win; this is the floor under them, installed for the whole Worker isolate (worker/app.ts) and the SPA
// (web/main.tsx). Pure and without a runtime zod import: the SPA sets it before zod loads (see web/lib/zod-jitless.ts).
import type { z } from 'zod';

type Forms = readonly [one: string, few: string, many: string];

const UNITS: Record<string, Forms> = {
  string: ['символ', 'символа', 'символов'],
  array: ['элемент', 'элемента', 'элементов'],
  set: ['элемент', 'элемента', 'элементов'],
};

/** 1 символ, 2 символа, 5 символов, 11 символов, 21 символ */
function plural(count: number, [one, few, many]: Forms) {
  const tens = Math.abs(count) % 100;
  const last = tens % 10;
  if (tens >= 11 && tens <= 19) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

const TYPES: Record<string, string> = {
  string: 'текст',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'да или нет (true или false)',
  array: 'список',
  object: 'объект',
  date: 'дата',
  file: 'файл',
  null: 'пустое значение',
};

const FORMATS: Record<string, string> = {
  email: 'Неверный формат email',
  url: 'Некорректная ссылка',
  uuid: 'Некорректный идентификатор',
  guid: 'Некорректный идентификатор',
  datetime: 'Некорректные дата и время',
  date: 'Некорректная дата',
  time: 'Некорректное время',
  duration: 'Некорректная длительность',
  ipv4: 'Некорректный IP-адрес',
  ipv6: 'Некорректный IP-адрес',
  e164: 'Неверный формат телефона',
  base64: 'Некорректные данные',
  base64url: 'Некорректные данные',
  jwt: 'Некорректный токен',
};

const REQUIRED = 'Поле обязательно для заполнения';

const isMissing = (input: unknown) => input === undefined || input === null;

function bytesText(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} МБ` : `${bytes} байт`;
}

/** The listed values of an enum or literal, when there are few: «mentee, mentor», «Здоровье, Карьера, …». */
function valuesText(values: readonly unknown[]) {
  if (values.length === 0 || values.length > 10) return '';
  return `: допустимо ${values.map((v) => (typeof v === 'string' ? `«${v}»` : String(v))).join(', ')}`;
}

/** The message for an issue whose schema gave none. */
export function russianZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (isMissing(issue.input)) return REQUIRED;
      const expected = TYPES[issue.expected];
      return expected ? `Неверный тип значения: ожидается ${expected}` : 'Неверный тип значения';
    }
    case 'invalid_value':
      if (issue.input === undefined) return REQUIRED;
      return `Недопустимое значение${valuesText(issue.values)}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      const units = UNITS[issue.origin];
      if (units) {
        if (min <= 1 && issue.inclusive !== false) return issue.origin === 'string' ? REQUIRED : 'Добавьте хотя бы один элемент';
        return issue.origin === 'string' ? `Минимум ${min} ${plural(min, units)}` : `Не меньше ${min} ${plural(min, units)}`;
      }
      if (issue.origin === 'file') return 'Файл пустой';
      if (issue.origin === 'date') return 'Слишком ранняя дата';
      return issue.inclusive === false ? `Значение должно быть больше ${min}` : `Значение должно быть не меньше ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const units = UNITS[issue.origin];
      if (units) return issue.origin === 'string' ? `Максимум ${max} ${plural(max, units)}` : `Не больше ${max} ${plural(max, units)}`;
      if (issue.origin === 'file') return `Размер файла не должен превышать ${bytesText(max)}`;
      if (issue.origin === 'date') return 'Слишком поздняя дата';
      return issue.inclusive === false ? `Значение должно быть меньше ${max}` : `Значение не должно превышать ${max}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Неверный формат';
    case 'not_multiple_of':
      return `Значение должно быть кратно ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Лишние поля: ${issue.keys.join(', ')}`;
    case 'invalid_key':
      return 'Недопустимый ключ';
    case 'invalid_element':
      return 'Недопустимое значение в списке';
    default:
      // invalid_union (the envelope names the closest alternative's own issues instead: lib/validate.ts), custom
      return 'Недопустимое значение';
  }
}

type ZodHost = { __zod_globalConfig?: { localeError?: unknown } };

/**
 * Makes russianZodMessage zod's locale for this isolate or page. zod reads its configuration from
 * globalThis.__zod_globalConfig (zod/v4/core/core.js adopts the object) and only registers its English locale when
 * none is set, so this works before zod loads and after.
 */
export function installRussianZodMessages() {
  const host = globalThis as ZodHost;
  host.__zod_globalConfig ??= {};
  host.__zod_globalConfig.localeError = russianZodMessage;
}
