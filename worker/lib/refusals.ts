// A lifecycle answers an outcome union; its route keeps a table from each refused kind to the error it answers. Most
// entries need nothing but the kind (`Record<Kind, () => ApiError>`); this table is for refusals that carry what
// their message names (a field's message, a count), each entry typed by its own outcome.
import type { ApiError } from './errors.ts';

export type RefusalTable<Refusal extends { kind: string }> = {
  [K in Refusal['kind']]: (refusal: Extract<Refusal, { kind: K }>) => ApiError;
};

/** The error for a refused outcome. TypeScript can't tie `table[refusal.kind]` to `refusal` by itself, hence the cast. */
export function refusalError<Refusal extends { kind: string }>(table: RefusalTable<Refusal>, refusal: Refusal): ApiError {
  const entry = table[refusal.kind as Refusal['kind']] as (r: Refusal) => ApiError;
  return entry(refusal);
}
