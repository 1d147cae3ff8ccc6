import type { Context } from 'hono';
import type { Db } from '../drizzle/db.ts';
import type { ChatRoom } from '../party/chat-room.ts';
import type { ConferenceRoom } from '../party/conference-room.ts';
import type { NotificationHub } from '../party/notification-hub.ts';
import type { SessionUser } from './auth/access-token.ts';

export type Bindings = {
  ENVIRONMENT: 'development' | 'test' | 'production';
  DATABASE_URL: string;
  /** Set only locally: address of scripts/neon-proxy.mjs (Neon's WebSocket and HTTP paths) in front of the embedded Postgres. */
  NEON_WS_PROXY?: string;
  JWT_SECRET: string;
  /** where people open the app, for links in e-mails sent without a request (reminders) */
  APP_ORIGIN?: string;
  /** e-mail through Postmark when set; otherwise (development/test only) the dev mailbox */
  POSTMARK_SERVER_TOKEN?: string;
  POSTMARK_API_URL?: string;
  MAIL_FROM?: string;
  /** SMS through SMS.ru when set; otherwise (development/test only) the dev mailbox */
  SMSRU_API_ID?: string;
  SMSRU_API_URL?: string;
  /** payments through YooKassa (safe deal) when both are set; otherwise (development/test only) the sandbox */
  YOOKASSA_SHOP_ID?: string;
  YOOKASSA_SECRET_KEY?: string;
  /** the payouts gateway's id (agentId) that YooKassa's payout card widget is initialised with */
  YOOKASSA_PAYOUT_AGENT_ID?: string;
  /** the payouts gateway's own secret key: ordinary payouts (decision 020) are made with it and the agentId */
  YOOKASSA_PAYOUT_SECRET_KEY?: string;
  /** the API's base address, default https://api.yookassa.ru/v3 (tests point it at a fake) */
  YOOKASSA_API_URL?: string;
  /**
   * Форма's fiscal receipts (decision 020): its tax system, YooKassa's `tax_system_code` 1..6 (default 3, УСН «доходы
   * минус расходы»), and the VAT rate of its items, `vat_code` 1..12 (default 1, «без НДС»). Vars, read only by
   * worker/payments/receipts/receipt-builder.ts fiscalSettings(); the accountant sets them before launch.
   */
  FISCAL_TAX_SYSTEM_CODE?: string;
  FISCAL_VAT_CODE?: string;
  /** meetings' ICE servers (decision 012): STUN servers, comma-separated; none locally (host candidates only) */
  STUN_URLS?: string;
  /** Cloudflare Realtime TURN: the key's id and its API token (a secret); TURN credentials are minted per join */
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
  /** the TURN service's base address, default https://rtc.live.cloudflare.com/v1 (tests point it at a fake) */
  TURN_API_URL?: string;
  /**
   * Cloudflare Realtime SFU for events above the mesh cap (decision 012): the app's id and its token (a secret).
   * Without both, events stay in the mesh and its cap of 4.
   */
  SFU_APP_ID?: string;
  SFU_APP_TOKEN?: string;
  /** the SFU's base address, default https://rtc.live.cloudflare.com/v1 (tests point it at a fake) */
  SFU_API_URL?: string;
  /**
   * How long an isolate answers visitors' cached reads from the catalogue version it read last (decision 015),
   * default 1000 ms. The test stacks set 0: their tests change rows straight in Postgres and read them back at once.
   */
  CATALOGUE_VERSION_TRUST_MS?: string;
  /**
   * The operator of the service, named by the privacy policy and the public offer (worker/legal/operator.ts): legal
   * name, ИНН, ОГРН (or ОГРНИП), postal address, e-mail for requests about personal data. Vars, not secrets.
   */
  OPERATOR_NAME?: string;
  OPERATOR_INN?: string;
  OPERATOR_OGRN?: string;
  OPERATOR_ADDRESS?: string;
  OPERATOR_EMAIL?: string;
  /**
   * Social sign-in (decision 025): a provider is offered only with both of its credentials (secrets in production;
   * wrangler.toml's dev values point at the local fakes). The *_URL settings default to the provider's own addresses;
   * a path (e.g. /dev/social/vk) means our own origin, where the fakes answer in development and test.
   */
  VK_ID_CLIENT_ID?: string;
  VK_ID_CLIENT_SECRET?: string;
  VK_ID_AUTH_URL?: string;
  VK_ID_API_URL?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL?: string;
  GOOGLE_API_URL?: string;
  GOOGLE_JWKS_URL?: string;
  YANDEX_CLIENT_ID?: string;
  YANDEX_CLIENT_SECRET?: string;
  YANDEX_AUTH_URL?: string;
  YANDEX_API_URL?: string;
  /** the bot of the Login Widget: its token signs the login data; its name (without @) is the widget's data-telegram-login */
  TELEGRAM_BOT_TOKEN?: string;
  TELEGRAM_BOT_NAME?: string;
  TELEGRAM_AUTH_URL?: string;
  /**
   * Notifications in Telegram through the same bot (decision 026): offered only with TELEGRAM_BOT_TOKEN,
   * TELEGRAM_BOT_NAME and this secret, which setWebhook gives Telegram and our webhook checks in every update's
   * X-Telegram-Bot-Api-Secret-Token header. TELEGRAM_API_URL defaults to https://api.telegram.org; a path
   * (/dev/telegram) is the local fake of the Bot API on our own origin (development and test only).
   */
  TELEGRAM_WEBHOOK_SECRET?: string;
  TELEGRAM_API_URL?: string;
  /**
   * Browser push (decision 027): the VAPID key pair (RFC 8292), base64url: the public key is the 65-byte point the
   * browsers subscribe with, the private key its 32-byte scalar; the subject a mailto: or https: contact for the push
   * services. Push is offered only with all three.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** push services' hosts a subscription may name besides the known ones (comma-separated; decision 027) */
  PUSH_SERVICE_HOSTS?: string;
  FILES: R2Bucket;
  /** The SPA's built files (wrangler.toml [assets]); absent in the worker test pool, which serves no pages. */
  ASSETS?: Fetcher;
  NotificationHub: DurableObjectNamespace<NotificationHub>;
  ChatRoom: DurableObjectNamespace<ChatRoom>;
  ConferenceRoom: DurableObjectNamespace<ConferenceRoom>;
};

export type Variables = {
  requestId: string;
  db: Db;
  /** The signed-in user from the access-token cookie, or null for a visitor. */
  user: SessionUser | null;
  /**
   * Under /api/sandbox and /api/auth/social only: hands a request to this same app (the full middleware chain, no
   * network), as the payment sandbox's notification reaches our webhook and a sign-in adapter reaches the local fake
   * of its provider. Set by createApp, so neither needs an import of it.
   */
  deliverToSelf?: (request: Request) => Promise<Response>;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };

/**
 * What the handlers after requireUser or requireRole see: `c.var.user` is a user, never null. Hono merges a
 * middleware's environment into the handlers chained after it, so they need no `!`.
 */
export type SignedInEnv = { Bindings: Bindings; Variables: { user: SessionUser } };
/** The context of a handler after requireUser or requireRole, for the helpers such handlers call. */
export type SignedInContext = Context<AppEnv & SignedInEnv>;
/** Any handler's context, signed-in or not, for helpers both kinds of handler call. */
export type AnyContext = Context<AppEnv> | SignedInContext;
