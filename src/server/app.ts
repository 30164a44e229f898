/** Builds the Fastify app: plugins, the permission guard, every route. Tests use it with app.inject(). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../common/contracts/errors';
import { createAuth, type Auth } from './auth/auth';
import { refusedValueMessage } from './db/database-errors';
import { heavyRequests } from './http/heavy-requests';
import { inputGuard } from './http/input-guard';
import type { Config } from './config';
import { embeddedClient, type Database } from './db/client';
import type { DumpSource } from './db/dump';
import { backupRoutes } from './modules/backups/backups.routes';
import { Backups, backupSettings } from './modules/backups/backups.service';
import { API_INTRODUCTION, apiDocsTransform } from './http/api-docs';
import { AppError, type FieldErrors } from './http/errors';
import { withLogRedaction } from './http/logging';
import { createSessionResolver } from './auth/session';
import { guard } from './http/guard';
import { activitySessionRoutes } from './modules/activity-sessions/activity-sessions.routes';
import { announcementRoutes } from './modules/announcements/announcements.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { LocalFileStore } from './modules/attachments/file-store';
import { auditRoutes } from './modules/audit/audit.routes';
import { ckdReportRoutes } from './modules/ckd-reports/ckd-reports.routes';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes';
import { appDocRoutes } from './modules/app-doc/app-doc.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { documentationRoutes } from './modules/documentation/documentation.routes';
import { factoryRoutes } from './modules/factories/factories.routes';
import { groupPermissionRoutes } from './modules/group-permissions/group-permissions.routes';
import { healthRoutes } from './modules/health/health.routes';
import { startLiveHub } from './live/live-hub';
import { liveRoutes } from './live/live.routes';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { recoveryRoutes } from './modules/auth/recovery.routes';
import { signInCodeRoutes } from './modules/auth/sign-in-code.routes';
import { Mailer, mailSettings } from './modules/mail/mail.service';
import { meRoutes } from './modules/me/me.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { NotificationJobs } from './modules/notifications/notifications.service';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { Metrics } from './modules/metrics/metrics.service';
import { partnerRoutes } from './modules/partners/partners.routes';
import { carbonRoutes } from './modules/carbon/end-users.routes';
import { carbonRecordRoutes } from './modules/carbon/sales-record.routes';
import { carbonSurveyRoutes } from './modules/carbon/carbon-surveys.routes';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { salesOrderRoutes } from './modules/sales/sales-orders.routes';
import { salesRoutes } from './modules/sales/sales.routes';
import { salesReportRoutes } from './modules/sales/sales-report.routes';
import { searchRoutes } from './modules/search/search.routes';
import { steelRoutes } from './modules/steel/steel.routes';
import { stoveIdBatchRoutes } from './modules/stove-ids/stove-id-batches.routes';
import { stoveIdRoutes } from './modules/stove-ids/stove-ids.routes';
import { stoveReportRoutes } from './modules/stove-reports/stove-reports.routes';
import { stoveValidationRoutes } from './modules/stove-validation/stove-validation.routes';
import { stoveTransferRoutes } from './modules/stove-transfers/stove-transfers.routes';
import { ckdCategoryRoutes } from './modules/ckd/ckd-categories.routes';
import { producedRecordRoutes } from './modules/ckd/ckd-produced-records.routes';
import { ckdStockRoutes } from './modules/ckd/ckd-stock.routes';
import { ckdTransferRoutes } from './modules/ckd/ckd-transfers.routes';
import { dailyProductionReportRoutes } from './modules/daily-production-reports/daily-production-reports.routes';
import { productivityRoutes } from './modules/productivity/productivity.routes';
import { invitationRoutes } from './modules/users/invitations.routes';
import { userRoutes } from './modules/users/users.routes';

export interface BuildAppOptions {
  db: Database;
  /** The database handle (a backup dumps it); by default db with the engine it is and DATABASE_URL. */
  handle?: DumpSource;
  config: Config;
  authSecret: string;
  logger?: FastifyServerOptions['logger'];
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
  backups: Backups;
  /** The mail worker: sends queued mail after commit (wake it after queuing one). */
  mail: Mailer;
  /** The app's metrics (GET /metrics); null when METRICS_TOKEN is unset. */
  metrics: Metrics | null;
  /** The daily digest and scheduled announcements' mails (tests run a round with tick()). */
  notificationJobs: NotificationJobs;
}

const DOCS_PREFIX = '/api/docs';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp({ db, handle, config, authSecret, logger = false }: BuildAppOptions): Promise<App> {
  const app = Fastify({ logger: withLogRedaction(logger), trustProxy: config.trustProxy, bodyLimit: 10 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON (or, where a route says so, NDJSON and files). A text/plain body is what a page
  // of another site can send without asking first (a "simple" request): 415, not parsed.
  app.removeContentTypeParser('text/plain');
  const auth = createAuth(db, config, authSecret);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        // The camera scanner's barcode reader is WebAssembly (ZXing) served from here: compiling it
        // needs 'wasm-unsafe-eval' (it allows no eval of JavaScript).
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Stove back office API', version: '1.0.0', description: API_INTRODUCTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, for GET /metrics' },
        },
      },
    },
    transform: apiDocsTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });

  // Cross-site request forgery: a state-changing call from a browser must come from our own origin.
  // Every path is checked, not only those spelled /api/…: the router decodes and routes
  // /%61pi/… to the same handler (issue 21).
  const trusted = new Set([config.publicUrl, ...config.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if ((origin && origin !== own && !trusted.has(origin)) || (!origin && crossSite)) {
      throw new AppError(403, ERROR_CODES.badOrigin, 'This request came from another site and was refused.');
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const [first] = error.validation;
      const where = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = first ? `${where ? `${where}: ` : ''}${first.message ?? 'Invalid value'}` : 'Invalid request';
      return reply.status(400).send({ error: { code: ERROR_CODES.validation, message, details: { fieldErrors } } });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      });
    }
    const refused = refusedValueMessage(error);
    if (refused) {
      request.log.warn({ err: error }, 'a value the database refused');
      return reply.status(400).send({ error: { code: ERROR_CODES.validation, message: refused } });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: ERROR_CODES.validation, message: (error as Error).message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: { code: ERROR_CODES.internal, message: 'Something went wrong on the server. Please try again.' },
    });
  });

  const { resolveSession, close: closeSessions } = await createSessionResolver(auth, authSecret, db);
  app.addHook('onClose', () => closeSessions());
  await app.register(guard, { resolveSession, publicPrefixes: [DOCS_PREFIX] });
  await app.register(inputGuard);
  await app.register(heavyRequests);
  await app.register(authRoutes, { auth, resolveSession, db, config, secret: authSecret });
  const mail = new Mailer(db, mailSettings(config), app.log);
  app.addHook('onClose', () => mail.close());
  await app.register(mailRoutes, { mail });
  await app.register(recoveryRoutes, { db, auth, mail, publicUrl: config.publicUrl });
  await app.register(signInCodeRoutes, { db, auth, mail, secret: authSecret });
  await app.register(invitationRoutes, { db });
  await app.register(healthRoutes, { db });
  const hub = await startLiveHub(db, app.log);
  app.addHook('onClose', () => hub.close());
  const metrics = config.metricsToken
    ? new Metrics({ db, log: app.log, liveStreams: () => hub.subscriberCount() })
    : null;
  if (metrics) app.addHook('onClose', async () => metrics.close());
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  await app.register(liveRoutes, { hub, resolveSession });
  await app.register(meRoutes, { db, auth });
  await app.register(notificationRoutes, { db });
  // Notification mails: queued with the change that causes them, sent by the mail worker.
  const mailing = { publicUrl: config.publicUrl, mail };
  const notificationJobs = new NotificationJobs(
    db,
    mail,
    { publicUrl: config.publicUrl, digestHour: config.notificationDigestHour },
    app.log,
  );
  app.addHook('onClose', () => notificationJobs.close());
  await app.register(activitySessionRoutes, { db });
  await app.register(userRoutes, { db, mailing });
  await app.register(groupPermissionRoutes, { db });
  await app.register(profileRoutes, { db });
  await app.register(factoryRoutes, { db });
  await app.register(partnerRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(stoveIdRoutes, { db });
  await app.register(stoveIdBatchRoutes, { db });
  await app.register(stoveValidationRoutes, { db });
  await app.register(stoveTransferRoutes, { db, mailing });
  await app.register(dailyProductionReportRoutes, { db });
  await app.register(productivityRoutes, { db });
  await app.register(ckdCategoryRoutes, { db });
  await app.register(producedRecordRoutes, { db });
  await app.register(ckdTransferRoutes, { db });
  await app.register(ckdStockRoutes, { db });
  await app.register(stoveReportRoutes, { db });
  await app.register(steelRoutes, { db });
  await app.register(ckdReportRoutes, { db });
  await app.register(salesRoutes, { db });
  await app.register(salesReportRoutes, { db });
  await app.register(salesOrderRoutes, { db });
  await app.register(carbonRoutes, { db });
  await app.register(carbonRecordRoutes, { db });
  await app.register(carbonSurveyRoutes, { db });
  await app.register(inventoryRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(announcementRoutes, { db, mailing });
  await app.register(calendarRoutes, { db });
  await app.register(documentationRoutes, { db });
  await app.register(appDocRoutes, {});
  await app.register(searchRoutes, { db });
  const files = new LocalFileStore(config.filesDir);
  await app.register(attachmentRoutes, { db, files });
  const source = handle ?? { db, kind: embeddedClient(db) ? 'pglite' : 'postgres', url: config.databaseUrl };
  const backups = new Backups(source, backupSettings(config), app.log);
  app.addHook('onClose', () => backups.close());
  metrics?.setBackupSource(() => backups.lastSucceededAt());
  await app.register(backupRoutes, { db, backups });

  const webRoot = resolve(config.webDistDir);
  const hasWeb = existsSync(resolve(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // API paths and missing build files (an /assets/ name from an older build) are real 404s.
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({
        error: {
          code: ERROR_CODES.notFound,
          message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
        },
      });
    }
    // The single-page app handles every other path, including /auth, /404 and unknown ones.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return { app, auth, backups, mail, metrics, notificationJobs };
}
