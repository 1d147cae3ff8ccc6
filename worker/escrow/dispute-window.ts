// How long after a consultation's end its buyer may still open a dispute (decision 010). The money stays in
// escrow until then; the scheduler releases it to the mentor when the window closes without a dispute.
export const DISPUTE_WINDOW_HOURS = 48;

/** The last moment a dispute can be opened on a consultation that ends at `endsAt`. */
export const disputeDeadline = (endsAt: Date) => new Date(endsAt.getTime() + DISPUTE_WINDOW_HOURS * 3_600_000);
