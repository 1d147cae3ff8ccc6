import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { withRequestScope } from './lib/after-response.ts';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './env.ts';
import { REFRESH_COOKIE } from './auth/session-cookies.ts';
import { NO_SESSION_HEADER } from './auth/session-rules.ts';
import { ApiError, type ErrorEnvelope } from './lib/errors.ts';
import { installRussianZodMessages } from './lib/russian-zod-messages.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, inputRefusal } from './lib/db-errors.ts';
import { OVERLOAD_RETRY_AFTER_SECONDS, durableObjectOverloaded } from './lib/overload.ts';
import { database } from './middleware/database.ts';
import { forgetCatalogueVersionAfterWrites } from './middleware/public-cache.ts';
import { deploymentGuard } from './middleware/deployment-guard.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { requestLog } from './middleware/request-log.ts';
import { refuseNulInput } from './middleware/refuse-nul.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { session } from './middleware/session.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { socialRoutes } from './auth/social.routes.ts';
import { devMailboxApiRoutes, devMailboxPageRoutes } from './dev/dev-mailbox.routes.ts';
import { searchPassThroughRoutes } from './dev/search-pass-through.routes.ts';
import { socialFakeRoutes } from './dev/social-fakes/social-fakes.routes.ts';
import { telegramFakeRoutes } from './dev/telegram-fake/telegram-fake.routes.ts';
import { telegramRoutes } from './telegram/telegram.routes.ts';
import { webPushRoutes } from './web-push/web-push.routes.ts';
import { pushFakeRoutes } from './dev/push-fake/push-fake.routes.ts';
import { notificationSettingsRoutes } from './notifications/notification-settings.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { workExperiencesRoutes } from './work-experiences/work-experiences.routes.ts';
import { educationsRoutes } from './educations/educations.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { sandboxApiRoutes, sandboxPageRoutes } from './payments/sandbox.routes.ts';
import { payoutWidgetRoutes } from './payments/payout-widget.routes.ts';
import { taxProfilesRoutes } from './tax-profiles/tax-profiles.routes.ts';
import { mentorApplicationsRoutes } from './mentor-applications/mentor-applications.routes.ts';
import { interviewsRoutes } from './mentor-applications/interviews.routes.ts';
import { moderationRoutes } from './moderation/moderation.routes.ts';
import { demoImageRoutes } from './media/demo-images.routes.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { registrationsRoutes } from './registrations/registrations.routes.ts';
import { waitlistRoutes } from './registrations/waitlist.routes.ts';
import { mentorsRoutes } from './mentors/mentors.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { favoritesRoutes } from './favorites/favorites.routes.ts';
import { consultationTypesRoutes } from './consultation-types/consultation-types.routes.ts';
import { consultationSlotsRoutes } from './consultation-slots/consultation-slots.routes.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { rescheduleRoutes } from './bookings/reschedule.routes.ts';
import { packagesRoutes } from './packages/packages.routes.ts';
import { disputesRoutes } from './disputes/disputes.routes.ts';
import { chatsRoutes } from './chats/chats.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { eventEditorRoutes } from './events/event-editor.routes.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { menteesRoutes } from './mentees/mentees.routes.ts';
import { scheduleRoutes } from './calendars/schedule.routes.ts';
import { calendarFeedRoutes } from './calendars/calendar-feed.routes.ts';
import { consultationReviewsRoutes } from './reviews/consultation-reviews.routes.ts';
import { supportRoutes } from './support/support.routes.ts';
import { callbacksRoutes } from './callbacks/callbacks.routes.ts';
import { fiscalReceiptsRoutes } from './payments/receipts/fiscal-receipts.routes.ts';
import { platformStatsRoutes } from './platform-stats/platform-stats.routes.ts';
import { legalRoutes } from './legal/legal.routes.ts';
import { downloadsRoutes } from './downloads/downloads.routes.ts';
import { conferencesRoutes } from './conferences/conferences.routes.ts';
import { conferenceSfuRoutes } from './conferences/sfu/sfu.routes.ts';
import { demoRoomRoutes } from './conferences/demo-room.routes.ts';
import { recordingsRoutes } from './recordings/recordings.routes.ts';
import { demoRecordingsRoutes } from './recordings/demo-recordings.routes.ts';
import { serveVisitorPage, VISITOR_PAGES, type VisitorPageRenderer } from './pages/visitor-pages.ts';

/** Every REST route, under /api. Chained so that AppType carries each route's types to the web client. */
function createApi() {
  return new Hono<AppEnv>({ strict: false })
    .use(refuseNulInput, sameOrigin, database, session, forgetCatalogueVersionAfterWrites)
    .route('/', healthRoutes)
    .route('/', authRoutes)
    .route('/', socialRoutes)
    .route('/', devMailboxApiRoutes)
    .route('/', searchPassThroughRoutes)
    .route('/', demoRecordingsRoutes)
    .route('/', usersRoutes)
    .route('/', workExperiencesRoutes)
    .route('/', educationsRoutes)
    .route('/', paymentsRoutes)
    .route('/', fiscalReceiptsRoutes)
    .route('/', taxProfilesRoutes)
    .route('/', sandboxApiRoutes)
    .route('/', mentorApplicationsRoutes)
    .route('/', moderationRoutes)
    .route('/', interviewsRoutes)
    .route('/', eventsRoutes)
    .route('/', registrationsRoutes)
    .route('/', waitlistRoutes)
    .route('/', mentorsRoutes)
    .route('/', reviewsRoutes)
    .route('/', favoritesRoutes)
    .route('/', consultationTypesRoutes)
    .route('/', consultationSlotsRoutes)
    .route('/', bookingsRoutes)
    .route('/', rescheduleRoutes)
    .route('/', packagesRoutes)
    .route('/', disputesRoutes)
    .route('/', chatsRoutes)
    .route('/', notificationsRoutes)
    .route('/', notificationSettingsRoutes)
    .route('/', telegramRoutes)
    .route('/', webPushRoutes)
    .route('/', eventEditorRoutes)
    .route('/', analyticsRoutes)
    .route('/', menteesRoutes)
    .route('/', scheduleRoutes)
    .route('/', calendarFeedRoutes)
    .route('/', consultationReviewsRoutes)
    .route('/', supportRoutes)
    .route('/', callbacksRoutes)
    .route('/', platformStatsRoutes)
    .route('/', legalRoutes)
    .route('/', downloadsRoutes)
    .route('/', conferencesRoutes)
    .route('/', conferenceSfuRoutes)
    .route('/', demoRoomRoutes)
    .route('/', recordingsRoutes);
}

export type AppType = ReturnType<typeof createApi>;

type AppOptions = {
  /** Brings the renderer of visitors' pages (worker/index.ts: the web app's server render, loaded on demand). */
  loadPageRenderer?: () => Promise<VisitorPageRenderer>;
};

export function createApp({ loadPageRenderer }: AppOptions = {}) {
  // zod's default messages in Russian for every schema this isolate parses (issue 41)
  installRussianZodMessages();
  // strict: false makes /api/users/me and /api/users/me/ the same route (the spec writes the slash).
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', requestLog, securityHeaders, deploymentGuard);
  // what a request starts after its answer (a notification's delivery beyond the bell) goes to its waitUntil
  app.use('*', (c, next) => withRequestScope((work) => c.executionCtx.waitUntil(work), next));
  // the payment sandbox notifies our webhook through this same app, as a provider would over the network
  // and a sign-in adapter reaches the local fake of its provider (decision 025; providers.ts allows it in dev/test only)
  const deliverToSelf = createMiddleware<AppEnv>(async (c, next) => {
    c.set('deliverToSelf', async (request) => app.fetch(request, c.env, c.executionCtx));
    await next();
  });
  app.use('/api/sandbox/*', deliverToSelf);
  app.use('/api/auth/social/*', deliverToSelf);
  // the fake Telegram page posts its updates to our webhook in-process (decision 026)
  app.use('/dev/telegram/*', deliverToSelf);
  app.route('/api', createApi());
  app.route('/ws', new Hono<AppEnv>({ strict: false }).use(refuseNulInput, database, session).route('/', realtimeRoutes));
  app.route('/media', demoImageRoutes);
  app.route('/media', new Hono<AppEnv>().use(database).route('/', filesRoutes));
  app.route('/dev', devMailboxPageRoutes);
  app.route('/dev/social', socialFakeRoutes);
  app.route('/dev/telegram', telegramFakeRoutes);
  app.route('/dev/push', pushFakeRoutes);
  app.route('/sandbox', sandboxPageRoutes);
  app.route('/widgets', payoutWidgetRoutes);
  if (loadPageRenderer) {
    // the page's own reads go through this same app, in-process, as the browser's would over the network
    app.on('GET', VISITOR_PAGES, database, (c) => serveVisitorPage(c, loadPageRenderer, async (request) => app.fetch(request, c.env, c.executionCtx)));
  }

  app.notFound((c) => c.json<ErrorEnvelope>({ detail: 'Не найдено', code: 'not_found' }, 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      // a 401 to a request with no refresh cookie: there is no session to renew, and the client does not try
      if (err.status === 401 && !getCookie(c, REFRESH_COOKIE)) c.header(NO_SESSION_HEADER, '1');
      return c.json(err.toEnvelope(), err.status);
    }
    // the database away (restarting, unreachable, out of connections): a clear, retryable answer, not a 500
    if (databaseUnavailable(err)) {
      console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, path: c.req.path, msg: 'database unavailable', error: String(err.cause ?? err) }));
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json<ErrorEnvelope>({ detail: 'Сервис временно недоступен, повторите через несколько секунд', code: 'database_unavailable' }, 503);
    }
    // a Durable Object (chat room, notification hub, meeting) saturated: retry shortly, not a 500
    if (durableObjectOverloaded(err)) {
      console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, path: c.req.path, msg: 'durable object overloaded', error: String(err) }));
      c.header('Retry-After', String(OVERLOAD_RETRY_AFTER_SECONDS));
      return c.json<ErrorEnvelope>({ detail: 'Сервис перегружен, повторите через пару секунд', code: 'overloaded' }, 503);
    }
    // the database refused a value a client sent (bad text, too long, out of range, not a date): their mistake, not ours
    const refusal = inputRefusal(err);
    if (refusal) {
      console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, path: c.req.path, msg: 'input refused by the database', sqlstate: refusal }));
      return c.json<ErrorEnvelope>({ detail: 'Некорректные данные в запросе', code: 'invalid_input' }, 400);
    }
    if (err instanceof HTTPException) {
      // Hono's own (its validator's «Malformed JSON in request body») are English: a person gets ours (issue 41)
      const detail = /[А-Яа-яЁё]/.test(err.message) ? err.message : /JSON/i.test(err.message) ? 'Некорректный JSON' : 'Некорректный запрос';
      return c.json<ErrorEnvelope>({ detail, code: 'http_error' }, err.status);
    }
    console.error(
      JSON.stringify({ level: 'error', requestId: c.var.requestId, path: c.req.path, error: String(err), cause: err.cause ? String(err.cause) : undefined, stack: err.stack }),
    );
    return c.json<ErrorEnvelope>({ detail: 'Внутренняя ошибка сервера', code: 'internal_error' }, 500);
  });
  return app;
}
