import { toPackageOffers } from '../lib/package-price.ts';
import type { ConsultationTypeInput, ConsultationTypePatch, PackageOffer } from './consultation-types.schemas.ts';

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
};

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
  };
}
