// Education input on the server: the shared form schema (spec 001 section 5), its year window included, so the
// API refuses the years the forms' lists do not offer with the same words.
import { z } from 'zod';
import { ownerIdField } from '../lib/owned.ts';
import { educationSchema } from '../profile/profile.schemas.ts';

export const EDUCATIONS_MAX = 30;

export const educationInputSchema = educationSchema;

export const educationCreateBody = educationInputSchema.safeExtend({ user_id: ownerIdField });

/** PATCH: any subset of the fields; the merged row is then checked with educationInputSchema. */
export const educationPatchBody = z.object(educationSchema.shape).partial().extend({ user_id: ownerIdField });

export type EducationInput = z.output<typeof educationInputSchema>;
