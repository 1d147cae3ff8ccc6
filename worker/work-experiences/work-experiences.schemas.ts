// Work experience input on the server: the shared form schema (spec 001 section 5) plus what only the
// server can trust, a real calendar date (the form's month picker can't produce 2024-02-31, a client can).
import { z } from 'zod';
import { ownerIdField } from '../lib/owned.ts';
import { workExperienceSchema } from '../profile/profile.schemas.ts';

export const WORK_EXPERIENCES_MAX = 30;

function isCalendarDate(value: string) {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const workExperienceInputSchema = workExperienceSchema.superRefine((v, ctx) => {
  for (const key of ['start_date', 'end_date'] as const) {
    const value = v[key];
    if (value && !isCalendarDate(value)) ctx.addIssue({ code: 'custom', path: [key], message: 'Некорректная дата' });
  }
});

export const workExperienceCreateBody = workExperienceInputSchema.safeExtend({ user_id: ownerIdField });

/** PATCH: any subset of the fields; the merged row is then checked with workExperienceInputSchema. */
export const workExperiencePatchBody = z.object(workExperienceSchema.shape).partial().extend({ user_id: ownerIdField });

export type WorkExperienceInput = z.output<typeof workExperienceInputSchema>;
