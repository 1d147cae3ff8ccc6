/** The platform keeps 5 % of what the mentor earns, charged only when the mentor is paid (spec 000 §1). */
export const PLATFORM_FEE_PERCENT = 5;

/** The fee in kopecks, rounded to the kopeck; the mentor gets the rest. */
export function splitRelease(grossKopecks: number) {
  const fee = Math.round((grossKopecks * PLATFORM_FEE_PERCENT) / 100);
  return { feeKopecks: fee, payoutKopecks: grossKopecks - fee };
}

/** Prices are rubles on the wire and in bookings, kopecks in payments. */
export const kopecksToRubles = (kopecks: number) => kopecks / 100;
