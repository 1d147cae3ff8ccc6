import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { LEGAL_DOCUMENTS_VERSION } from '../../worker/auth/auth.schemas.ts';
import { uniqueEmail } from '../factories.ts';
import { post, waitForMessage } from './auth-helpers.ts';
import { bindings, call, useTestDb } from './helpers.ts';

const t = useTestDb();
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

describe('dev mailbox', () => {
  it('returns the latest messages to an address, newest first', async () => {
    const email = uniqueEmail('box');
    await post('/api/registration/register/', { email, consent_version: LEGAL_DOCUMENTS_VERSION });
    const first = await waitForMessage(t.db, email);
    await post('/api/registration/register/', { email, consent_version: LEGAL_DOCUMENTS_VERSION });
    await waitForMessage(t.db, email, { after: first.id });
    const res = await call(`/api/dev/mailbox/?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.status).toBe(200);
    const messages = await res.json<Array<{ to: string; subject: string; text: string; created_at: string }>>();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ to: email, subject: 'Подтверждение регистрации в Форме' });
    expect(messages[0].text).toMatch(/\d{4}/);
    expect(Date.parse(messages[0].created_at)).toBeGreaterThanOrEqual(Date.parse(messages[1].created_at));
  });

  it('has a page in development', async () => {
    const res = await call('/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Тестовый почтовый ящик');
  });

  it('does not exist in production, neither page nor API', async () => {
    const app = createApp();
    const production = { ...bindings, ENVIRONMENT: 'production' };
    expect((await app.request('/api/dev/mailbox/?email=a@b.ru', {}, production, ctx)).status).toBe(404);
    expect((await app.request('/dev/mailbox', {}, production, ctx)).status).toBe(404);
  });
});
