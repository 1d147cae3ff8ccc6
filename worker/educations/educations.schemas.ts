// Education input on the server: the shared form schema (spec 001 section 5) plus the year window the
// form's year list implies, which a client calling the API directly could ignore.
import { z } from 'zod';
import { ownerIdField } from '../lib/owned.ts';
import { educationSchema } from '../profile/profile.schemas.ts';

export const EDUCATIONS_MAX = 30;
/** how far back a start year may go (spec 001 section 9: "education years span 60") */
export const EDUCATION_YEARS_SPAN = 60;
/** an end year may be planned this far ahead (a degree still in progress) */
export const EDUCATION_END_YEARS_AHEAD = 10;

// read at validation time, not at module load: a Worker isolate can outlive New Year's Eve
export const educationInputSchema = educationSchema.superRefine((v, ctx) => {
  const now = new Date().getUTCFullYear();
  const earliest = now - EDUCATION_YEARS_SPAN;
  if (v.start_year < earliest || v.start_year > now) {
    ctx.addIssue({ code: 'custom', path: ['start_year'], message: `Год начала должен быть от ${earliest} до ${now}` });
  }
  const latestEnd = now + EDUCATION_END_YEARS_AHEAD;
  if (v.end_year != null && v.end_year > latestEnd) {
    ctx.addIssue({ code: 'custom', path: ['end_year'], message: `Год окончания не может быть позже ${latestEnd}` });
  }
});

export const educationCreateBody = educationInputSchema.safeExtend({ user_id: ownerIdField });

/** PATCH: any subset of the fields; the merged row is then checked with educationInputSchema. */
export const educationPatchBody = z.object(educationSchema.shape).partial().extend({ user_id: ownerIdField });

export type EducationInput = z.output<typeof educationInputSchema>;
