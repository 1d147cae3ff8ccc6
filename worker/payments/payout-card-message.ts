/** What a payout card widget (the sandbox's, or our page around YooKassa's) posts to the settings screen: shared by both sides. */
export const PAYOUT_CARD_MESSAGE = 'forma-payout-card';
