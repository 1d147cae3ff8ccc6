import { toPackageOffers } from '../lib/package-price.ts';
import type { BookingRulesInput, ConsultationTypeInput, ConsultationTypePatch, PackageOffer } from './consultation-types.schemas.ts';

type ConsultationTypeRow = {
  id: number;
  mentorId: number;
  name: string;
  description: string;
  durationMinutes: number;
  costs: number;
  loyaltySteps: { from: number; percent: number }[];
  packages: PackageOffer[];
  isRecorded: boolean;
  minNoticeHours: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  horizonDays: number | null;
  dailyLimit: number | null;
  cancelCutoffHours: number;
};

/** The type's booking rules as the API and the form say them (decision 022). */
export function toBookingRules(row: Omit<ConsultationTypeRow, 'id' | 'mentorId' | 'name' | 'description' | 'durationMinutes' | 'costs' | 'loyaltySteps' | 'packages' | 'isRecorded'>): BookingRulesInput {
  return {
    min_notice_hours: row.minNoticeHours,
    buffer_before_minutes: row.bufferBeforeMinutes,
    buffer_after_minutes: row.bufferAfterMinutes,
    horizon_days: row.horizonDays,
    daily_limit: row.dailyLimit,
    cancel_cutoff_hours: row.cancelCutoffHours,
  };
}

/** The columns of the rules the form sent. */
export function toBookingRuleValues(rules: BookingRulesInput) {
  return {
    minNoticeHours: rules.min_notice_hours,
    bufferBeforeMinutes: rules.buffer_before_minutes,
    bufferAfterMinutes: rules.buffer_after_minutes,
    horizonDays: rules.horizon_days,
    dailyLimit: rules.daily_limit,
    cancelCutoffHours: rules.cancel_cutoff_hours,
  };
}

/** The spec's consultation type (002 §3); `user` is the mentor's id. */
export function toConsultationType(row: ConsultationTypeRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    duration_minutes: row.durationMinutes,
    costs: row.costs,
    /** «from the N-th paid consultation with this mentor, X % off», ascending (decision 006, «Loyalty steps») */
    loyalty_steps: row.loyaltySteps.map((s) => ({ from: s.from, percent: s.percent })),
    /** package offers priced by the server (decision 006, «Packages») */
    packages: toPackageOffers(row.costs, row.packages),
    /** its meetings are recorded (decision 019): the booking dialog says so before paying */
    is_recorded: row.isRecorded,
    /** when it may be booked and cancelled (decision 022): the slot picker and the booking dialog say so */
    booking_rules: toBookingRules(row),
    user: row.mentorId,
  };
}
export type ConsultationType = ReturnType<typeof toConsultationType>;

export function toConsultationTypeValues(input: ConsultationTypeInput | ConsultationTypePatch) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.duration_minutes !== undefined && { durationMinutes: input.duration_minutes }),
    ...(input.costs !== undefined && { costs: input.costs }),
    ...(input.loyalty_steps !== undefined && { loyaltySteps: input.loyalty_steps }),
    ...(input.packages !== undefined && { packages: input.packages }),
    ...(input.is_recorded !== undefined && { isRecorded: input.is_recorded }),
    ...(input.booking_rules !== undefined && toBookingRuleValues(input.booking_rules)),
  };
}
