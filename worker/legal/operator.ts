// Who runs Форма, for the privacy policy (152-ФЗ asks a policy to name the operator and where to reach it) and the
// public offer (the seller's details). They are the deployment's, not the code's: the operator's legal name, ИНН,
// ОГРН/ОГРНИП, address and e-mail come from the Worker's vars (wrangler.toml [env.production.vars]); a detail that is
// not set is left out rather than made up, and /api/health/ says which are missing so a launch without them shows.

import type { Bindings } from '../env.ts';

export type OperatorDetails = { name: string | null; inn: string | null; ogrn: string | null; address: string | null; email: string | null };

const clean = (value: string | undefined) => value?.trim() || null;

export function operatorDetails(env: Bindings): OperatorDetails {
  return {
    name: clean(env.OPERATOR_NAME),
    inn: clean(env.OPERATOR_INN),
    ogrn: clean(env.OPERATOR_OGRN),
    address: clean(env.OPERATOR_ADDRESS),
    email: clean(env.OPERATOR_EMAIL),
  };
}

/** the details a published policy and offer need and this deployment lacks, by their var names */
export function missingOperatorDetails(env: Bindings): string[] {
  const details = operatorDetails(env);
  const vars: Array<[keyof OperatorDetails, string]> = [
    ['name', 'OPERATOR_NAME'],
    ['inn', 'OPERATOR_INN'],
    ['ogrn', 'OPERATOR_OGRN'],
    ['address', 'OPERATOR_ADDRESS'],
    ['email', 'OPERATOR_EMAIL'],
  ];
  return vars.filter(([key]) => details[key] === null).map(([, name]) => name);
}
