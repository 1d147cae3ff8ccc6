/** What the product sends people. Providers are behind these two interfaces. */
export type OutgoingEmail = { to: string; subject: string; text: string };
export type OutgoingSms = { to: string; text: string };

export interface EmailSender {
  sendEmail(message: OutgoingEmail): Promise<void>;
}
export interface SmsSender {
  sendSms(message: OutgoingSms): Promise<void>;
}

/** A provider refused or failed; the caller answers 502/503 rather than pretending it was sent. */
export class DeliveryError extends Error {}

export type Fetch = typeof fetch;
