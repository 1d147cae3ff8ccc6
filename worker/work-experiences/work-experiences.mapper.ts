import type { workExperiences } from '../../drizzle/schema/users.ts';
import type { WorkExperienceInput } from './work-experiences.schemas.ts';

type WorkExperienceRow = typeof workExperiences.$inferSelect;

/** The spec's work experience item; dates are 'YYYY-MM-DD' (drizzle reads `date` columns as strings). */
export function toWorkExperience(row: WorkExperienceRow) {
  return {
    id: row.id,
    position_title: row.positionTitle,
    company_name: row.companyName,
    start_date: row.startDate,
    end_date: row.endDate,
    user_id: row.userId,
  };
}
export type WorkExperience = ReturnType<typeof toWorkExperience>;

export function toWorkExperienceValues(input: WorkExperienceInput) {
  return {
    positionTitle: input.position_title,
    companyName: input.company_name,
    startDate: input.start_date,
    endDate: input.end_date ?? null,
  };
}
