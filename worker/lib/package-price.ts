// The price of a consultation package (decision 006, «Packages»): one pure rule, shared by the mentor page's offers,
// the purchase and the web. Each session costs the type's price less the package's percent, rounded to the ruble
// (the database's CHECK consultation_packages_terms says the same); the package costs that many sessions, so an unused
// credit refunds exactly one session's price.
import { discountText } from './loyalty-text.ts';

export function packagePrice(costs: number, offer: { sessions: number; percent: number }) {
  const perSession = Math.round((costs * (100 - offer.percent)) / 100);
  return { price_per_session: perSession, total_price: perSession * offer.sessions, regular_total: costs * offer.sessions };
}

/** A type's offers as the API shows them, each priced: what a session and the package cost, and the regular total. */
export const toPackageOffers = (costs: number, offers: { sessions: number; percent: number; valid_days: number }[]) =>
  offers.map((o) => ({ sessions: o.sessions, percent: o.percent, valid_days: o.valid_days, ...packagePrice(costs, o) }));

/** «Пакет из 5 консультаций «Разбор резюме» −10 %», as the checkout and the receipt name it (2..20: always «консультаций») */
export const packageDescription = (p: { sessions: number; name: string; percent: number }) =>
  `Пакет из ${p.sessions} консультаций «${p.name}» ${discountText(p.percent)}`;
