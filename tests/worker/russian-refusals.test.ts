// Every refusal a person can get is Russian (issue 41, item 4): registering with role "admin" answered zod's English
// «Invalid input». This walks every zod schema exported by worker/**/*.schemas.ts, feeds it wrong input (wrong types,
// missing fields, values outside an enum, empty and too long strings, numbers out of range, long lists), field by
// field and one level into nested objects and lists, and finds no message without a Cyrillic letter, neither among
// the issues nor in the envelope's fields.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LEGAL_DOCUMENTS_VERSION } from '../../worker/auth/auth.schemas.ts';
import { createApp } from '../../worker/app.ts';
import { issuesToFields } from '../../worker/lib/validate.ts';
import { createUser } from '../factories.ts';
import { post } from './auth-helpers.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';

// the Worker's entry builds its app this way; the messages are the isolate's from then on
createApp();

const t = useTestDb();
const CYRILLIC = /[А-Яа-яЁё]/;

const modules = import.meta.glob<Record<string, unknown>>('../../worker/**/*.schemas.ts', { eager: true });

const LONG = 'я'.repeat(100_001);
const WRONG: unknown[] = [undefined, null, '', '   ', 'x', 'не-из-списка', LONG, '2026-13-45T25:61', 0, -1, 1.5, 1e15, -1e15, true, [], [1], {}, { x: 1 }];

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under wrappers (optional, default, pipe's input, …): what a field's value is checked as first. */
function unwrap(schema: z.ZodType, seen = 0): z.ZodType {
  const def = defOf(schema);
  if (seen > 20) return schema;
  if (['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'].includes(def.type)) return unwrap(def.innerType as z.ZodType, seen + 1);
  if (def.type === 'pipe') return unwrap(def.in as z.ZodType, seen + 1);
  if (def.type === 'lazy') return unwrap((def.getter as () => z.ZodType)(), seen + 1);
  return schema;
}

/** An object's fields, an intersection's from both sides. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'intersection') {
    const [left, right] = [shapeOf(def.left as z.ZodType), shapeOf(def.right as z.ZodType)];
    return left || right ? { ...left, ...right } : null;
  }
  return null;
}

/** Wrong values for a schema: the generic ones, and at shallow depths wrong values for each field or element. */
function wrongValues(schema: z.ZodType, depth: number): unknown[] {
  const values = [...WRONG];
  if (depth >= 2) return values;
  const inner = unwrap(schema);
  const def = defOf(inner);
  const shape = shapeOf(inner);
  if (shape) {
    for (const [key, field] of Object.entries(shape)) for (const value of wrongValues(field, depth + 1)) values.push({ [key]: value });
  }
  if (def.type === 'array') {
    values.push(Array.from({ length: 1001 }, () => 'x'));
    for (const value of wrongValues(def.element as z.ZodType, depth + 1)) values.push([value]);
  }
  if (def.type === 'union') for (const option of def.options as z.ZodType[]) values.push(...wrongValues(option, depth).slice(WRONG.length));
  return values;
}

/** Every message of the issues, those inside a union's alternatives too. */
function messages(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => [issue.message, ...(issue.code === 'invalid_union' ? issue.errors.flatMap((option) => messages(option)) : [])]);
}

// the livestream landing is an English page (spec 002 §2.12), and so are its form's messages (decision 018)
const ENGLISH_PAGES = new Set(['worker/callbacks/callbacks.schemas.ts: waitlistSignupBody']);

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace('../../', '')}: ${name}`, schema })),
).filter(({ name }) => !ENGLISH_PAGES.has(name));

describe('refusals in Russian', () => {
  it('finds the schemas to walk', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(30);
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('no schema refuses wrong input with a message that has no Cyrillic letter, in its issues or its envelope', async () => {
    const latin = new Map<string, string>();
    let refusals = 0;
    for (const { name, schema } of schemas) {
      for (const input of wrongValues(schema, 0)) {
        let result;
        try {
          result = await schema.safeParseAsync(input);
        } catch (error) {
          latin.set(`${name} threw on ${JSON.stringify(input)?.slice(0, 80)}`, String(error));
          continue;
        }
        if (result.success) continue;
        refusals++;
        const texts = [...messages(result.error.issues), ...Object.values(issuesToFields(result.error.issues))];
        for (const text of texts) if (!CYRILLIC.test(text)) latin.set(`${name}: ${text}`, JSON.stringify(input)?.slice(0, 80) ?? 'undefined');
      }
    }
    expect(refusals).toBeGreaterThan(1000);
    expect([...latin].slice(0, 30)).toEqual([]);
  }, 120_000);

  it('registering with role "admin" names the role, in Russian', async () => {
    const res = await post('/api/registration/register/', { email: 'admin-wannabe@forma.test', role: 'admin', consent_version: LEGAL_DOCUMENTS_VERSION });
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe('validation_error');
    expect(body.fields).toEqual({ role: 'Недопустимое значение: допустимо «mentee», «mentor»' });
  });

  it('a body of the wrong type and a field of the wrong type answer in Russian through the validator', async () => {
    const array = await post('/api/registration/register/', [1]);
    expect(array.status).toBe(400);
    for (const text of Object.values((await array.json<{ fields: Record<string, string> }>()).fields)) expect(text).toMatch(CYRILLIC);
    const user = await createUser(t.db);
    const res = await call('/api/mentor-favorites/', {
      method: 'POST',
      user: { id: user.id, role: 'mentee' },
      body: JSON.stringify({ mentor: 'первый' }),
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    });
    expect(res.status).toBe(400);
    const body = await res.json<{ fields: Record<string, string> }>();
    expect(Object.keys(body.fields).length).toBeGreaterThan(0);
    for (const text of Object.values(body.fields)) expect(text).toMatch(CYRILLIC);
  });
});

describe('refusals outside the schemas', () => {
  it('a body that is not JSON answers in Russian, not with the framework English', async () => {
    const res = await call('/api/registration/register/', { method: 'POST', body: '{bad', headers: { 'content-type': 'application/json', origin: ORIGIN } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Некорректный JSON', code: 'http_error' });
  });
});
