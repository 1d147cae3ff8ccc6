import type { ConsultationTypeInput, ConsultationTypePatch } from './consultation-types.schemas.ts';

type ConsultationTypeRow = { id: number; mentorId: number; name: string; description: string; durationMinutes: number; costs: number };

/** The spec's consultation type (002 §3); `user` is the mentor's id. */
export function toConsultationType(row: ConsultationTypeRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    duration_minutes: row.durationMinutes,
    costs: row.costs,
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
  };
}
