import type { educations } from '../../drizzle/schema/users.ts';
import type { EducationInput } from './educations.schemas.ts';

type EducationRow = typeof educations.$inferSelect;

/** The spec's education item. */
export function toEducation(row: EducationRow) {
  return {
    id: row.id,
    university_name: row.universityName,
    specialty: row.specialty,
    start_year: row.startYear,
    end_year: row.endYear,
    user_id: row.userId,
  };
}
export type Education = ReturnType<typeof toEducation>;

export function toEducationValues(input: EducationInput) {
  return {
    universityName: input.university_name,
    specialty: input.specialty,
    startYear: input.start_year,
    endYear: input.end_year ?? null,
  };
}
