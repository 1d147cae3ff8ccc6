// SMS through SMS.ru's HTTP API (POST {base}/sms/send, form fields api_id, to, msg, json=1).
import { DeliveryError, type Fetch, type OutgoingSms, type SmsSender } from './outgoing.ts';

export type SmsRuConfig = { apiId: string; apiUrl?: string; fetch?: Fetch };

type SmsRuAnswer = { status?: string; status_code?: number; status_text?: string; sms?: Record<string, { status?: string; status_code?: number; status_text?: string }> };

export function smsRuSender({ apiId, apiUrl = 'https://sms.ru', fetch: doFetch = fetch }: SmsRuConfig): SmsSender {
  return {
    async sendSms({ to, text }: OutgoingSms) {
      const number = to.replace(/^\+/, '');
      const res = await doFetch(`${apiUrl}/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_id: apiId, to: number, msg: text, json: '1' }),
      });
      const body = (await res.json().catch(() => null)) as SmsRuAnswer | null;
      const perNumber = body?.sms?.[number];
      // status_code 100 = accepted, for the request as a whole and for each number
      if (!res.ok || body?.status !== 'OK' || perNumber?.status_code !== 100) {
        throw new DeliveryError(`sms.ru: ${res.status} ${perNumber?.status_text ?? body?.status_text ?? ''}`.trim());
      }
    },
  };
}
