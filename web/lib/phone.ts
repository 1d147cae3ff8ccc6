/** Russian phone numbers as the API stores them: '+7' and 10 digits (spec 001 §5). */

/** The up-to-10 national digits of a value in the '+7…' form ('' for an empty value). */
export function nationalDigits(value: string): string {
  return value.replace(/^\+7/, '').replace(/\D/g, '').slice(0, 10);
}

/** '+7 (999) 123-45-67', or the part of it typed so far. */
export function formatPhone(value: string): string {
  if (!value) return '';
  const d = nationalDigits(value);
  let out = '+7';
  if (!d) return `${out} `;
  out += ` (${d.slice(0, 3)}`;
  if (d.length > 3) out += `) ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/**
 * Turns what is in the phone field after an edit back into the '+7…' value. `previous` is the value
 * before the edit: deleting only a bracket, space or dash (which carry no digit) deletes the digit before it.
 */
export function parsePhoneInput(raw: string, previous: string): string {
  if (!raw.trim()) return '';
  const previousDigits = nationalDigits(previous);
  const previousShown = formatPhone(previous);
  let digits = raw.replace(/\D/g, '');
  if (raw.trimStart().startsWith('+7')) digits = digits.slice(1);
  else if (digits.length === 11 && /^[78]/.test(digits)) digits = digits.slice(1);
  else if (!previousDigits && /^[78]$/.test(digits)) digits = '';
  if (digits === previousDigits && raw.length < previousShown.length) {
    if (!digits) return '';
    digits = digits.slice(0, -1);
  }
  return `+7${digits.slice(0, 10)}`;
}

/**
 * A number typed freely ('8 999 123 45 67', '+7(999)1234567', '9991234567') in the '+7XXXXXXXXXX' form,
 * or null when it is not a Russian number.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+7${digits}`;
  if (digits.length === 11 && /^[78]/.test(digits)) return `+7${digits.slice(1)}`;
  return null;
}
