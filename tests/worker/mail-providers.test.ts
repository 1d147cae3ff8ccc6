import { describe, expect, it } from 'vitest';
import { DeliveryError } from '../../worker/mail/outgoing.ts';
import { postmarkSender } from '../../worker/mail/postmark.ts';
import { smsRuSender } from '../../worker/mail/sms-ru.ts';
import { fakePostmark } from '../fakes/postmark.ts';
import { fakeSmsRu } from '../fakes/sms-ru.ts';

describe('Postmark adapter', () => {
  it('sends a text e-mail with the server token', async () => {
    const fake = fakePostmark('server-token');
    const sender = postmarkSender({ serverToken: 'server-token', from: 'Форма <no-reply@forma.example>', apiUrl: 'https://api.postmark.test', fetch: fake.fetch });
    await sender.sendEmail({ to: 'anna@example.com', subject: 'Код', text: 'Ваш код: 1234' });
    expect(fake.sent).toEqual([
      { From: 'Форма <no-reply@forma.example>', To: 'anna@example.com', Subject: 'Код', TextBody: 'Ваш код: 1234', MessageStream: 'outbound' },
    ]);
  });

  it('fails loudly on a wrong token', async () => {
    const fake = fakePostmark('server-token');
    const sender = postmarkSender({ serverToken: 'wrong', from: 'a@b.ru', apiUrl: 'https://api.postmark.test', fetch: fake.fetch });
    await expect(sender.sendEmail({ to: 'x@y.ru', subject: 's', text: 't' })).rejects.toBeInstanceOf(DeliveryError);
  });
});

describe('SMS.ru adapter', () => {
  it('sends to the number without the plus', async () => {
    const fake = fakeSmsRu('api-id');
    const sender = smsRuSender({ apiId: 'api-id', apiUrl: 'https://sms.test', fetch: fake.fetch });
    await sender.sendSms({ to: '+79991234567', text: 'Форма: код 1234' });
    expect(fake.sent).toEqual([{ to: '79991234567', msg: 'Форма: код 1234' }]);
  });

  it('fails on a refused number or a wrong api_id', async () => {
    const fake = fakeSmsRu('api-id');
    await expect(smsRuSender({ apiId: 'api-id', apiUrl: 'https://sms.test', fetch: fake.fetch }).sendSms({ to: '+1555', text: 'x' })).rejects.toBeInstanceOf(DeliveryError);
    await expect(smsRuSender({ apiId: 'nope', apiUrl: 'https://sms.test', fetch: fake.fetch }).sendSms({ to: '+79991234567', text: 'x' })).rejects.toBeInstanceOf(DeliveryError);
  });
});
