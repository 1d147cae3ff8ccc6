// The operator the legal pages name comes from the deployment (worker/legal/operator.ts): what is set is answered,
// what is not is null (never invented), and /api/health/ lists the missing details so a launch without them shows.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { bindings, call, useTestDb } from './helpers.ts';

useTestDb();

const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
const withEnv = (path: string, env: Partial<typeof bindings>) => createApp().request(`http://127.0.0.1${path}`, {}, { ...bindings, ...env }, ctx);

const PRODUCTION_DETAILS = {
  OPERATOR_NAME: 'ООО «Форма»',
  OPERATOR_INN: '7701234567',
  OPERATOR_OGRN: '1237700000000',
  OPERATOR_ADDRESS: '101000, г. Москва, ул. Примерная, д. 1',
  OPERATOR_EMAIL: 'privacy@forma.example',
};

describe('GET /api/legal/operator/', () => {
  it('answers the local run’s own words and leaves out what it does not have, cacheable for an hour', async () => {
    const res = await call('/api/legal/operator/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.json()).toEqual({
      name: 'Форма — локальный запуск (реквизиты оператора указываются при развёртывании)',
      inn: null,
      ogrn: null,
      address: null,
      email: 'support@forma.test',
    });
  });

  it('answers every detail a deployment sets, trimmed; blank counts as unset', async () => {
    const res = await withEnv('/api/legal/operator/', { ...PRODUCTION_DETAILS, OPERATOR_ADDRESS: `  ${PRODUCTION_DETAILS.OPERATOR_ADDRESS} `, OPERATOR_OGRN: '   ' });
    expect(await res.json()).toEqual({ name: 'ООО «Форма»', inn: '7701234567', ogrn: null, address: '101000, г. Москва, ул. Примерная, д. 1', email: 'privacy@forma.example' });
  });
});

describe('/api/health/ and the operator', () => {
  it('lists the details the legal pages still lack', async () => {
    expect(await (await call('/api/health/')).json()).toMatchObject({ status: 'ok', operator_details_missing: ['OPERATOR_INN', 'OPERATOR_OGRN', 'OPERATOR_ADDRESS'] });
    expect(await (await withEnv('/api/health/', PRODUCTION_DETAILS)).json()).toMatchObject({ status: 'ok', operator_details_missing: [] });
  });
});
