// A local stand-in for SMS.ru's send method, following its documented protocol: POST /sms/send with form
// fields api_id, to, msg, json=1; answers JSON with status/status_code for the request and per number.
import { Hono } from 'hono';

export function fakeSmsRu(apiId: string) {
  const sent: Array<{ to: string; msg: string }> = [];
  const app = new Hono().post('/sms/send', async (c) => {
    const form = await c.req.parseBody();
    if (form.api_id !== apiId) return c.json({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
    const to = String(form.to ?? '');
    if (!/^7\d{10}$/.test(to)) {
      return c.json({ status: 'OK', status_code: 100, sms: { [to]: { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер' } } });
    }
    sent.push({ to, msg: String(form.msg) });
    return c.json({ status: 'OK', status_code: 100, sms: { [to]: { status: 'OK', status_code: 100, sms_id: '000000-10000000' } }, balance: 100.5 });
  });
  return { sent, fetch: ((input: RequestInfo | URL, init?: RequestInit) => app.request(input instanceof Request ? input : String(input), init)) as typeof fetch };
}
