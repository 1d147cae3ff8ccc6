// E-mail through Postmark's HTTP API (POST {base}/email with the server token header).
import { DeliveryError, type EmailSender, type Fetch, type OutgoingEmail } from './outgoing.ts';

export type PostmarkConfig = { serverToken: string; from: string; apiUrl?: string; fetch?: Fetch };

export function postmarkSender({ serverToken, from, apiUrl = 'https://api.postmarkapp.com', fetch: doFetch = fetch }: PostmarkConfig): EmailSender {
  return {
    async sendEmail({ to, subject, text }: OutgoingEmail) {
      const res = await doFetch(`${apiUrl}/email`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-postmark-server-token': serverToken },
        body: JSON.stringify({ From: from, To: to, Subject: subject, TextBody: text, MessageStream: 'outbound' }),
      });
      const body = (await res.json().catch(() => null)) as { ErrorCode?: number; Message?: string } | null;
      // Postmark answers 200 with ErrorCode 0 on success; 401/422 carry ErrorCode and Message
      if (!res.ok || body?.ErrorCode !== 0) throw new DeliveryError(`postmark: ${res.status} ${body?.ErrorCode ?? ''} ${body?.Message ?? ''}`.trim());
    },
  };
}
