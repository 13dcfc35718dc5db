import { registerChoices } from './modules/choices/index.ts';
import { registerLeads } from './modules/leads/index.ts';
import {
  catalogueAdminRoutes,
  catalogueChangeRoutes,
  catalogueLogoRoutes,
} from './modules/catalogue-admin/routes.ts';
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SiteConfig } from '../shared/schemas/site.ts';
import type { Config } from './config.ts';
import { readCatalogueFiles } from './db/catalogue-files.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedCatalogue, seedLatestUpdates } from './db/seed-catalogue.ts';
import { registerAuth, type PasswordHashing } from './auth/index.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import { OneLinePerRequest } from './lib/access-log.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { registerInputGuards } from './lib/input-guards.ts';
import { registerScheduler } from './lib/jobs/index.ts';
import { loggerOptions, stdoutLogDestination } from './lib/logger.ts';
import { lazyRequestLoggers } from './lib/lazy-request-logger.ts';
import { registerMailer } from './lib/mailer/index.ts';
import { registerRateLimits } from './lib/rate-limit.ts';
import { apiSecurityHeaders, isStaticFile, securityHeaders } from './lib/security-headers.ts';
import { loadSiteConfig } from './lib/site-config.ts';
import { registerWebApp } from './lib/web-app.ts';
import { plainTrackLookup } from './modules/tracking/plain-lookup.ts';
import { registerApplications } from './modules/applications/index.ts';
import { registerCasework } from './modules/casework/index.ts';
import { registerDocuments } from './modules/documents/index.ts';
import { registerTracking } from './modules/tracking/index.ts';
import { registerPersonalData } from './modules/personal-data/index.ts';
import { registerDrafts } from './modules/drafts/index.ts';
import { registerPassportEncryption } from './modules/applications/passport-keys.ts';
import { registerCatalogueStore } from './modules/catalogue/catalogue-store.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { devMailRoutes } from './modules/dev-mail/routes.ts';
import { guidanceRoutes } from './modules/guidance/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { bookingStaffRoutes } from './modules/bookings/staff-routes.ts';
import { meetingRoutes } from './modules/bookings/meetings.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { searchEngineRoutes } from './modules/site/search-engine-routes.ts';
import { languageRoutes } from './i18n/language-routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { registerPartners } from './modules/partners/index.ts';
import { testSupportRoutes } from './modules/test-support/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    site: SiteConfig;
    /** Every route as registered (method and URL pattern): tests walk it to cover new routes too. */
    routeList: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Answers with a live stream (`liveStreamRoute`): inject never sees it end. */
  liveStream: boolean;
}

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests capture them to check what is logged). */
  logStream?: { write(line: string): void };
  /** better-auth's password hashing, replaced only by tests (a memo of its own scrypt: decision 0047). */
  passwordHashing?: PasswordHashing;
}

/** Builds the whole portal without listening: `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const [site, catalogue] = await Promise.all([
    loadSiteConfig(config.siteConfigFile),
    readCatalogueFiles(config.catalogueDir),
  ]);
  const database = await openDatabase(config.database);
  try {
    await database.withMigrationLock(async (db) => {
      await runMigrations(database.kind, db);
      await seedCatalogue(db, catalogue);
      await seedLatestUpdates(db, site.latestUpdates);
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const accessLog = new OneLinePerRequest();
  const app = Fastify({
    logger: { ...loggerOptions(config), stream: options.logStream ?? stdoutLogDestination() },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    logController: accessLog,
    childLoggerFactory: lazyRequestLoggers,
    routerOptions: { maxParamLength: 200 },
    // Finding 7: a client that trickles its headers or body, or sits silent, is cut off.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: 5_000,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
  });
  accessLog.attach(app.log);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('site', site);
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const liveStream = route.config?.liveStream === true;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url, liveStream });
  });
  app.addHook('onClose', async () => database.close());
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onRequest', (req, reply, done) => {
    reply
      .headers(req.url.startsWith('/api/') || isStaticFile(req.url) ? apiHeaders : pageHeaders)
      .header('x-request-id', req.id);
    done();
  });
  // Finding 14: no API answer is kept by a browser or proxy unless its route says it may be
  // (the public catalogue does); most carry personal data.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      !reply.hasHeader('cache-control') &&
      (req.url.startsWith('/api/') || req.url.startsWith('/dev/'))
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  registerErrorHandling(app);
  registerInputGuards(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerMailer(app);
  const authSecret = await resolveAuthSecret(config);
  registerRateLimits(app, authSecret);
  registerScheduler(app);
  registerPassportEncryption(app, authSecret);
  await registerAuth(app, options.passwordHashing);

  await app.register(healthRoutes);
  await registerCatalogueStore(app);
  await app.register(catalogueRoutes);
  await app.register(catalogueLogoRoutes);
  await app.register(catalogueChangeRoutes);
  await app.register(catalogueAdminRoutes);
  await app.register(guidanceRoutes);
  await app.register(siteRoutes);
  await app.register(searchEngineRoutes);
  await app.register(languageRoutes);
  await app.register(devMailRoutes);
  await app.register(referralRoutes);
  await app.register(bookingRoutes);
  await app.register(bookingStaffRoutes);
  await app.register(meetingRoutes);
  await registerTracking(app);
  await registerApplications(app);
  await registerDocuments(app);
  await registerCasework(app);
  await registerChoices(app);
  await registerLeads(app);
  await registerPersonalData(app);
  await registerDrafts(app);
  await app.register(staffRoutes);
  await registerPartners(app);
  if (config.env === 'test') await app.register(testSupportRoutes);
  await registerWebApp(app, { plainForms: { '/track': plainTrackLookup(app) } });
  return app;
}
