// A mentor's tax status for payouts (decision 020, «Mentors' tax status and payouts»). Pure: the payout settings form
// imports it, so the form and the API refuse the same input with the same message.
import { z } from 'zod';
import { isValidPersonInn } from './inn.ts';

export const TAX_STATUSES = ['self_employed', 'individual_entrepreneur', 'none'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

export const SELF_EMPLOYED_STATUSES = ['pending', 'confirmed', 'canceled', 'unregistered'] as const;
export type SelfEmployedStatus = (typeof SELF_EMPLOYED_STATUSES)[number];

/** The permission's states as the payout settings name them (decision 020). */
export const SELF_EMPLOYED_STATUS_LABELS: Record<SelfEmployedStatus, string> = {
  pending: 'Ждём подтверждения',
  confirmed: 'Подтверждено',
  canceled: 'Разрешение отклонено или отозвано',
  unregistered: 'Нет статуса самозанятого',
};

export const LEGAL_NAME_MAX = 255;

export const taxProfileMessages = {
  status: 'Выберите налоговый статус: самозанятый, ИП или без статуса',
  innFormat: 'ИНН — 12 цифр',
  innChecksum: 'Проверьте ИНН: такого номера не бывает, в нём опечатка',
  innRequiredForIe: 'Укажите ИНН ИП',
  innOrPhone: 'Укажите ИНН или телефон, к которому привязан «Мой налог»',
  phone: 'Укажите российский номер: +7 и 10 цифр',
  legalName: 'Укажите название ИП, как в ЕГРИП: например, «ИП Иванова Анна Сергеевна»',
  legalNameMax: `Название — не длиннее ${LEGAL_NAME_MAX} символов`,
} as const;

/** An empty or blank field counts as not given. */
const optionalText = (message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

/** The «Мой налог» phone as 7XXXXXXXXXX (YooKassa takes digits only); 8… and a bare 10-digit number are read as +7. */
export function normalizePhone(phone: string) {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}

/**
 * PUT /api/tax-profile/: the status and what it needs. An ИП gives the ИНН and the registered name; a self-employed
 * mentor the ИНН or the «Мой налог» phone; without a status nothing is kept. Fields a status does not use are neither
 * checked nor kept (a form switched to «без статуса» may still send what was typed before).
 */
export const taxProfileBody = z
  .object({
    status: z.enum(TAX_STATUSES, { error: taxProfileMessages.status }),
    inn: optionalText(taxProfileMessages.innFormat),
    phone: optionalText(taxProfileMessages.phone),
    legal_name: optionalText(taxProfileMessages.legalName),
  })
  .superRefine((body, ctx) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (body.status === 'none') return;
    if (body.inn !== null) {
      if (!/^[0-9]{12}$/.test(body.inn)) issue('inn', taxProfileMessages.innFormat);
      else if (!isValidPersonInn(body.inn)) issue('inn', taxProfileMessages.innChecksum);
    }
    if (body.status === 'individual_entrepreneur') {
      if (body.inn === null) issue('inn', taxProfileMessages.innRequiredForIe);
      if (body.legal_name === null) issue('legal_name', taxProfileMessages.legalName);
      else if (body.legal_name.length > LEGAL_NAME_MAX) issue('legal_name', taxProfileMessages.legalNameMax);
    }
    if (body.status === 'self_employed') {
      if (body.phone !== null && !/^7[0-9]{10}$/.test(normalizePhone(body.phone))) issue('phone', taxProfileMessages.phone);
      if (body.inn === null && body.phone === null) issue('inn', taxProfileMessages.innOrPhone);
    }
  })
  .transform((body) => ({
    status: body.status,
    inn: body.status === 'none' ? null : body.inn,
    phone: body.status === 'self_employed' && body.phone !== null ? normalizePhone(body.phone) : null,
    legal_name: body.status === 'individual_entrepreneur' ? body.legal_name : null,
  }));
export type TaxProfileBody = z.input<typeof taxProfileBody>;
export type TaxProfileInput = z.output<typeof taxProfileBody>;
