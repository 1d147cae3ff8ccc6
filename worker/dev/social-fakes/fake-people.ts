// The people a fake provider lets one sign in as: the demo accounts, with subjects that stay the same across runs
// (so a linked fake identity keeps signing in), and «другой человек» with any name and e-mail, whose subject is
// derived from the e-mail (the same e-mail, the same provider account).
import { z } from 'zod';
import type { SocialProviderId } from '../../auth/social.schemas.ts';
import { sha256Hex } from '../../lib/tokens.ts';

export type FakePerson = { subject: string; firstName: string; lastName: string; email: string | null; username: string };

const DEMO = [
  { key: 'mentor', firstName: 'Марина', lastName: 'Наставникова', email: 'mentor@forma.test', username: 'demo_mentor' },
  { key: 'mentee', firstName: 'Илья', lastName: 'Учеников', email: 'mentee@forma.test', username: 'demo_mentee' },
] as const;

// numeric ids where the provider's are numbers (VK, Telegram), like theirs
const numeric = (provider: SocialProviderId) => provider === 'vk' || provider === 'telegram';

export function demoPeople(provider: SocialProviderId): (FakePerson & { key: string })[] {
  return DEMO.map((p, i) => ({ ...p, subject: numeric(provider) ? String(100_001 + i) : `demo-${p.key}` }));
}

export const otherPersonForm = z.object({
  first_name: z.string().trim().min(1, 'Укажите имя').max(50),
  last_name: z.string().trim().max(50).default(''),
  email: z.string().trim().toLowerCase().pipe(z.email('Неверный формат email')).or(z.literal('')).default(''),
});

export async function otherPerson(provider: SocialProviderId, input: z.infer<typeof otherPersonForm>): Promise<FakePerson> {
  const seed = await sha256Hex(`${provider}:${input.email || `${input.first_name} ${input.last_name}`}`);
  const subject = numeric(provider) ? String(200_000_000 + (parseInt(seed.slice(0, 8), 16) % 700_000_000)) : `other-${seed.slice(0, 20)}`;
  return { subject, firstName: input.first_name, lastName: input.last_name, email: provider === 'telegram' ? null : input.email || null, username: `user${subject.slice(-6)}` };
}

/** The person a form on the fake's page chose: `person=mentor|mentee`, or the «другой человек» fields. */
export async function chosenPerson(provider: SocialProviderId, form: Record<string, string>) {
  const demo = demoPeople(provider).find((p) => p.key === form.person);
  if (demo) return demo;
  const other = otherPersonForm.safeParse(form);
  return other.success ? otherPerson(provider, other.data) : null;
}
