// Telegram's Bot API over HTTPS (https://core.telegram.org/bots/api): POST {base}/bot<token>/<method> with a JSON
// body, answered `{ok: true, result}` or `{ok: false, error_code, description, parameters?: {retry_after}}`. Only the
// methods Форма uses; the base address is configurable so that tests and `npm start` reach the local fake.
import type { Fetch } from '../mail/outgoing.ts';

export const TELEGRAM_API_URL = 'https://api.telegram.org';

export type InlineButton = { text: string; url?: string; callback_data?: string };
export type ReplyMarkup = { inline_keyboard: InlineButton[][] } | { force_reply: true; input_field_placeholder?: string };
export type SentMessage = { message_id: number; chat: { id: number } };

/** The Bot API refused or could not be reached; `status` 429 carries `retryAfter` (seconds), 403 means blocked. */
export class BotApiError extends Error {
  readonly status: number;
  readonly description: string;
  readonly retryAfter?: number;
  constructor(status: number, description: string, retryAfter?: number) {
    super(`telegram: ${status} ${description}`);
    this.status = status;
    this.description = description;
    this.retryAfter = retryAfter;
  }
}

export type BotApiConfig = { token: string; apiUrl?: string; fetch?: Fetch };

export function botApi({ token, apiUrl = TELEGRAM_API_URL, fetch: doFetch = fetch }: BotApiConfig) {
  async function call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${apiUrl.replace(/\/$/, '')}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (e) {
      throw new BotApiError(0, `network: ${String(e)}`);
    }
    const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } } | null;
    if (!res.ok || !body?.ok) throw new BotApiError(body?.error_code ?? res.status, body?.description ?? res.statusText, body?.parameters?.retry_after);
    return body.result as T;
  }
  return {
    sendMessage: (params: { chat_id: number; text: string; reply_markup?: ReplyMarkup; link_preview_options?: { is_disabled: boolean } }) =>
      call<SentMessage>('sendMessage', params),
    answerCallbackQuery: (params: { callback_query_id: string; text?: string }) => call<boolean>('answerCallbackQuery', params),
    setWebhook: (params: { url: string; secret_token: string; allowed_updates: string[]; drop_pending_updates?: boolean }) => call<boolean>('setWebhook', params),
  };
}

export type BotApi = ReturnType<typeof botApi>;
