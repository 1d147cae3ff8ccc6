// The ФНС checksum of a person's (or an ИП's) 12-digit ИНН: digits 11 and 12 are check digits, each the weighted sum of
// the digits before it mod 11, mod 10 (Приказ ФНС № ММВ-7-6/435@, the algorithm every ИНН validator uses). It catches a
// mistyped digit before YooKassa or the tax service refuses a payout for it. Pure: the web form imports it.

const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: readonly number[], weights: readonly number[]) {
  return (weights.reduce((sum, w, i) => sum + w * digits[i], 0) % 11) % 10;
}

/** A person's ИНН from its first ten digits: the two check digits appended (the sandbox makes one from a phone). */
export function personInnFrom(first10: string) {
  const digits = [...first10].map(Number);
  const eleventh = checkDigit(digits, WEIGHTS_11);
  return `${first10}${eleventh}${checkDigit([...digits, eleventh], WEIGHTS_12)}`;
}

/** Whether `inn` is 12 digits whose two check digits hold. */
export function isValidPersonInn(inn: string) {
  if (!/^[0-9]{12}$/.test(inn)) return false;
  const digits = [...inn].map(Number);
  return checkDigit(digits, WEIGHTS_11) === digits[10] && checkDigit(digits, WEIGHTS_12) === digits[11];
}
