// The demo mentor's tax status (decision 020): a самозанятая who has already let the provider register her income
// receipts in «Мой налог», so her payouts go at once and carry a receipt. Both sides, as after «Разрешить» on the
// sandbox's page: the provider's `self_employed` object (confirmed, with her ИНН) and her profile pointing at it.
// Written without the random source, so the rest of the demo data draws the same as before.
import type { SeedContext } from './context.ts';
import type { People } from './people.ts';

/** a valid ИНН of a person (the ФНС checksum holds) */
export const DEMO_MENTOR_INN = '500100732259';
/** fixed, so two seeds make the same object: the sandbox's own ids are `sbx_se_` + a uuid */
export const DEMO_SELF_EMPLOYED_ID = 'sbx_se_3f6c2a1e-8b4d-4e7a-9c15-2d0b7e64a9f3';
const DAY = 24 * 60 * 60 * 1000;

export function planTaxProfile(ctx: SeedContext, people: People) {
  const { plan, now } = ctx;
  const grantedAt = new Date(now.getTime() - 30 * DAY);
  plan.add('sandboxProviderObjects', {
    id: DEMO_SELF_EMPLOYED_ID,
    kind: 'self_employed',
    status: 'confirmed',
    amountKopecks: 0,
    idempotencyKey: 'seed-self-employed-1',
    request: { itn: DEMO_MENTOR_INN },
    createdAt: new Date(grantedAt.getTime() - 10 * 60 * 1000),
    updatedAt: grantedAt,
  });
  plan.add('mentorTaxProfiles', {
    userId: people.demoMentor.ref,
    status: 'self_employed',
    inn: DEMO_MENTOR_INN,
    selfEmployedId: DEMO_SELF_EMPLOYED_ID,
    selfEmployedStatus: 'confirmed',
    confirmationUrl: null,
    checkedAt: grantedAt,
    createdAt: new Date(grantedAt.getTime() - 15 * 60 * 1000),
    updatedAt: grantedAt,
  });
}
