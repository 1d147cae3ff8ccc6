// A local stand-in for Postmark's send endpoint, following its documented protocol: POST /email with the
// X-Postmark-Server-Token header and a JSON message; 401 for a wrong token, 422 with ErrorCode 300 for
// an invalid message, 200 with ErrorCode 0 and a MessageID on success.
import { Hono } from 'hono';

export function fakePostmark(token: string) {
  const sent: Array<{ From: string; To: string; Subject: string; TextBody: string; MessageStream?: string }> = [];
  const app = new Hono().post('/email', async (c) => {
    if (c.req.header('x-postmark-server-token') !== token) {
      return c.json({ ErrorCode: 10, Message: 'The Server Token you provided in the X-Postmark-Server-Token request header was invalid.' }, 401);
    }
    const body = await c.req.json();
    if (!body.To || !body.From || !(body.TextBody || body.HtmlBody)) {
      return c.json({ ErrorCode: 300, Message: 'Invalid email request' }, 422);
    }
    sent.push(body);
    return c.json({ To: body.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: 'OK' });
  });
  return { sent, fetch: ((input: RequestInfo | URL, init?: RequestInit) => app.request(input instanceof Request ? input : String(input), init)) as typeof fetch };
}
