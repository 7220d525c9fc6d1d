import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LOGIN_SHELL } from '@inscrio/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext, RateLimits } from './app-context';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { listenToChannel } from './db/notifications';
import { appSecrets } from './db/schema';
import { JobQueue } from './jobs/queue';
import { type Clock, systemClock } from './lib/clock';
import { hmac, randomToken } from './lib/crypto';
import { createLogger } from './lib/logger';
import { createRateLimiter } from './lib/rate-limit';
import { validatorCompiler } from './lib/validation';
import { createAuditWriter } from './modules/audit/audit.writer';
import { authRoutes } from './modules/auth/auth.routes';
import { establishmentsRoutes } from './modules/establishments/establishments.routes';
import { assetsRoutes } from './modules/assets/assets.routes';
import { blueprintsRoutes } from './modules/blueprints/blueprints.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { sessionChangesRoutes } from './modules/session-changes/session-changes.routes';
import { registerSessionRefunds } from './modules/session-changes/session-refunds.job';
import { holdingsRoutes } from './modules/holdings/holdings.routes';
import { workTimeRoutes } from './modules/work-time/work-time.routes';
import { periodsRoutes } from './modules/periods/periods.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { SESSION_CHANGES_CHANNEL, sessionChangesSubscriber } from './modules/auth/session-cache';
import { createTokenService } from './modules/auth/tokens';
import { createMailTransport, type MailTransport } from './modules/mail/mail-transport';
import { registerFamilyMails } from './modules/family-mail/family-mails';
import { registerOrderInvoicing } from './modules/invoicing/order-events.handler';
import { registerRegistrationCredits } from './modules/invoicing/registration-credits';
import { registerRecoveryTokens } from './modules/recovery/recovery-issue';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { auditTrailRoutes } from './modules/audit-trail/audit-trail.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { registerReportJobs } from './modules/reports/reports.job';
import { communicationsRoutes } from './modules/communications/communications.routes';
import { registerCommunicationJobs } from './modules/communications/communications.job';
import { registerBankImportJob } from './modules/accounting/bank-statements.service';
import { registerCertificateBatchJob } from './modules/certificates/certificate-batches';
import { certificatesRoutes } from './modules/certificates/certificates.routes';
import { mutualProfileRoutes } from './modules/certificates/mutual-profile.routes';
import { createMailBrandLookup } from './modules/mail/mail-brand';
import { createMailer } from './modules/mail/mailer';
import { directoryRoutes } from './modules/organizations/directory.routes';
import { healthRoutes } from './modules/health/health.routes';
import { familyRoutes } from './modules/family/family.routes';
import { membersRoutes } from './modules/members/members.routes';
import { participantsRoutes } from './modules/registrations/participants.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { invoicingRoutes } from './modules/invoicing/invoicing.routes';
import { accountingRoutes } from './modules/accounting/accounting.routes';
import { paymentSettingsRoutes } from './modules/payments/payment-settings.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { orderPaymentRoutes } from './modules/payments/order-payment.routes';
import { mollieOAuthRoutes } from './modules/payments/mollie/mollie-oauth.routes';
import { meRoutes } from './modules/users/me.routes';
import { mailPreferencesRoutes } from './modules/users/mail-preferences.routes';
import { sessionReminderRoutes } from './modules/session-changes/session-reminders.routes';
import { privacyRoutes } from './modules/family/privacy.routes';
import { websiteRoutes } from './modules/website/website.routes';
import { organizationsAdminRoutes } from './modules/platform/organizations-admin.routes';
import { onboardingRoutes } from './modules/platform/onboarding.routes';
import { pricingPlansRoutes } from './modules/licences/pricing-plans.routes';
import { licencesRoutes } from './modules/licences/licences.routes';
import { platformBillingRoutes } from './modules/platform/platform-billing.routes';
import { supportRoutes } from './modules/support/support.routes';
import { staffRoutes } from './modules/support/staff.routes';
import { platformSettingsRoutes } from './modules/support/platform-settings.routes';
import { registerAuth } from './plugins/auth';
import { errorBodySchema, registerErrorHandling, registerPreflightCheck } from './plugins/errors';
import { registerInputHygiene, registerJsonBodyParser } from './plugins/input-hygiene';
import { registerNoStore } from './plugins/no-store';
import { registerLoginPage } from './plugins/login-page';
import { registerSharePages } from './plugins/share-pages';

const RATE_LIMIT_WINDOW_SECONDS = 15 * 60;

/** The authentication rate limits of the configuration (sliding 15-minute windows). */
export const rateLimitsOf = ({ authRateLimits: limits }: Config): RateLimits => {
  const rule = (limit: number) => ({ limit, windowSeconds: RATE_LIMIT_WINDOW_SECONDS });
  return {
    perAccount: rule(limits.perAccount),
    perAddress: rule(limits.perAddress),
    signInPerAccountAndAddress: rule(limits.signInPerAccountAndAddress),
    signInPerAccount: rule(limits.signInPerAccount),
    mailsPerAccount: rule(limits.mailsPerAccount),
  };
};

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: Logger;
  rateLimits?: RateLimits;
  mailTransport?: MailTransport;
  /** Where the built web app lives; served with an SPA fallback when present. */
  webDist?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The signing secret: from the environment, or generated once and shared through the database. */
async function applicationSecret(options: BuildOptions): Promise<string> {
  if (options.config.jwtSecret) return options.config.jwtSecret;
  const { db } = options.database;
  await db.insert(appSecrets).values({ name: 'jwt', value: randomToken() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets);
  return row!.value;
}

/**
 * The CSP sources of the inline scripts of the built index.html and login.html (the boot script starts
 * the organisation lookup before the app's chunks load; the login page's shell keeps what is typed until
 * the app takes over: apps/web/build-plugins.ts), so they may run under `script-src 'self'`.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const pages = ['index.html', LOGIN_SHELL.template].map((page) => path.join(webDist, page));
  const scripts = pages
    .filter((page) => fs.existsSync(page))
    .flatMap((page) => [
      ...fs.readFileSync(page, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
    ])
    .map((match) => match[1]!)
    .filter((script) => script.trim() !== '');
  return [...new Set(scripts)].map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
}

/** Builds the whole application without listening, so tests drive it through `app.inject()`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const secret = await applicationSecret(options);
  const queue = new JobQueue(database.db, { logger });
  const transport =
    options.mailTransport ??
    createMailTransport({
      smtpUrl: config.smtpUrl,
      mailDir: path.join(config.dataDir, 'mail'),
      from: config.mailFrom,
      logger,
    });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    logger,
    queue,
    // Its own key, derived like the others: mail jobs are sealed (see modules/mail/mailer.ts).
    mailer: createMailer(
      queue,
      transport,
      hmac(secret, 'mail-jobs'),
      createMailBrandLookup(config, database.db),
    ),
    rateLimiter: createRateLimiter(database.db, () => clock.now()),
    rateLimits: options.rateLimits ?? rateLimitsOf(config),
    tokens: createTokenService(secret, clock),
    audit: createAuditWriter(database.db),
    secrets: { otpPepper: hmac(secret, 'one-time-codes'), encryptionKey: hmac(secret, 'provider-secrets') },
  };

  registerFamilyMails(ctx);
  registerOrderInvoicing(ctx);
  registerRegistrationCredits(ctx);
  registerRecoveryTokens(ctx);
  registerBankImportJob(ctx);
  registerCertificateBatchJob(ctx);
  registerSessionRefunds(ctx);
  registerReportJobs(ctx);
  registerCommunicationJobs(ctx);

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 200 },
  });
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Sessions revoked or accounts changed through any instance reach this one's session cache.
  const sessionChanges = await listenToChannel(
    database,
    SESSION_CHANGES_CHANNEL,
    sessionChangesSubscriber,
    logger,
  );
  app.addHook('onClose', async () => {
    await queue.stop();
    await sessionChanges.close();
    transport.close();
  });

  const [baseHostname] = config.appBaseHost.split(':');
  // Security headers on every answer, from a middleware built once (@fastify/helmet builds one, parsing
  // the content security policy again, at every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'", ...inlineScriptHashes(options.webDist)],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  registerPreflightCheck(app);
  await app.register(cors, {
    // Only the platform's own hosts (any organisation's subdomain) may call the API from a browser.
    origin: (origin, callback) => {
      if (!origin) return callback(null, true);
      try {
        const { hostname } = new URL(origin);
        callback(null, hostname === baseHostname || hostname.endsWith(`.${baseHostname}`));
      } catch {
        callback(null, false);
      }
    },
    credentials: false,
    allowedHeaders: ['authorization', 'content-type', 'x-organization-id', 'accept-language', 'x-request-id'],
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Inscrio API',
        version: '1.0.0',
        description: 'Registration platform for clubs, camps and schools.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { Error: errorBodySchema },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.addHook('onRoute', (route) => {
    // The API description and the web app's files are public; every other /api route declares its access.
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api')) {
      route.config = { ...route.config, public: true };
    }
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app, options.webDist);
  registerAuth(app, ctx);
  registerInputHygiene(app);
  registerNoStore(app);
  registerJsonBodyParser(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(directoryRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(meRoutes(ctx));
      await api.register(mailPreferencesRoutes(ctx));
      await api.register(sessionReminderRoutes(ctx));
      await api.register(privacyRoutes(ctx));
      await api.register(establishmentsRoutes(ctx));
      await api.register(assetsRoutes(ctx));
      await api.register(blueprintsRoutes(ctx));
      await api.register(servicesRoutes(ctx));
      await api.register(sessionChangesRoutes(ctx));
      await api.register(holdingsRoutes(ctx));
      await api.register(workTimeRoutes(ctx));
      await api.register(periodsRoutes(ctx));
      await api.register(catalogRoutes(ctx));
      await api.register(calendarRoutes(ctx));
      await api.register(websiteRoutes(ctx));
      await api.register(familyRoutes(ctx));
      await api.register(membersRoutes(ctx));
      await api.register(participantsRoutes(ctx));
      await api.register(attendanceRoutes(ctx));
      await api.register(cartRoutes(ctx));
      await api.register(ordersRoutes(ctx));
      await api.register(invoicingRoutes(ctx));
      await api.register(accountingRoutes(ctx));
      await api.register(recoveryRoutes(ctx));
      await api.register(reportsRoutes(ctx));
      await api.register(communicationsRoutes(ctx));
      await api.register(libraryRoutes(ctx));
      await api.register(auditTrailRoutes(ctx));
      await api.register(certificatesRoutes(ctx));
      await api.register(mutualProfileRoutes(ctx));
      await api.register(paymentSettingsRoutes(ctx));
      await api.register(paymentsRoutes(ctx));
      await api.register(orderPaymentRoutes(ctx));
      await api.register(mollieOAuthRoutes(ctx));
      await api.register(organizationsAdminRoutes(ctx));
      await api.register(onboardingRoutes(ctx));
      await api.register(pricingPlansRoutes(ctx));
      await api.register(licencesRoutes(ctx));
      await api.register(platformBillingRoutes(ctx));
      await api.register(supportRoutes(ctx));
      await api.register(staffRoutes(ctx));
      await api.register(platformSettingsRoutes(ctx));
    },
    { prefix: '/api' },
  );

  if (options.webDist && fs.existsSync(path.join(options.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: 'index.html',
      // The build writes brotli and gzip copies beside each text file (apps/web/build-plugins.ts): the
      // one the browser accepts is sent, with `Vary: Accept-Encoding`.
      preCompressed: true,
      // The login page's template and renderer are the API's to use (plugins/login-page.ts), not files.
      allowedPath: (pathName) =>
        pathName !== `/${LOGIN_SHELL.template}` &&
        !pathName.startsWith(`/${path.dirname(LOGIN_SHELL.renderer)}/`),
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) =>
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        ),
    });
    await registerLoginPage(app, ctx, options.webDist);
    registerSharePages(app, ctx, options.webDist);
  }

  return app;
}
