import pino from 'pino';
import type { AppContext } from '../app-context';
import { loadConfig } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { JobQueue } from '../jobs/queue';
import { hmac } from '../lib/crypto';
import { createRateLimiter } from '../lib/rate-limit';
import { createAuditWriter } from '../modules/audit/audit.writer';
import { createTokenService } from '../modules/auth/tokens';
import { registerOrderInvoicing } from '../modules/invoicing/order-events.handler';
import { registerRegistrationCredits } from '../modules/invoicing/registration-credits';
import { registerRecoveryTokens } from '../modules/recovery/recovery-issue';
import { createMailer } from '../modules/mail/mailer';

/**
 * What the factories run the services with: an application context without HTTP, on `db`, whose clock
 * the factory moves (`at`) so that an order of the demo can be placed "three days ago" by the same code
 * that places one today. The application's hand-offs (order money events → invoicing, cancellation
 * credits) are plugged in as `buildApp` does. Mails are queued as usual, never sent from here.
 */
export interface FactoryContext extends AppContext {
  /** Moves the services' clock; `null` goes back to the real time. */
  at(instant: Date | null): void;
}

/** The factories sign no one in: no rate limit applies to them. */
const open = { limit: 1_000_000, windowSeconds: 1 };
const unlimited = {
  perAccount: open,
  perAddress: open,
  signInPerAccountAndAddress: open,
  signInPerAccount: open,
  mailsPerAccount: open,
};

export function factoryContext(db: Database, base?: Partial<AppContext>): FactoryContext {
  if (base && 'at' in base) return base as FactoryContext;
  let fixed: Date | null = null;
  const clock = { now: () => fixed ?? base?.clock?.now() ?? new Date() };
  const config = base?.config ?? loadConfig({});
  const secret = config.jwtSecret ?? 'factories';
  const logger = base?.logger ?? pino({ level: 'silent' });
  const queue = base?.queue ?? new JobQueue(db, { logger });
  const database: DatabaseHandle = base?.database ?? {
    db,
    kind: 'pglite',
    query: () => Promise.reject(new Error('the factories run through drizzle only')),
    close: async () => {},
  };
  const ctx: FactoryContext = {
    config,
    database,
    db,
    clock,
    logger,
    queue,
    mailer:
      base?.mailer ??
      createMailer(
        queue,
        { send: () => Promise.reject(new Error('factories send no mail')), close: () => {} },
        hmac(secret, 'mail-jobs'),
      ),
    rateLimiter: base?.rateLimiter ?? createRateLimiter(db, () => clock.now()),
    rateLimits: base?.rateLimits ?? unlimited,
    tokens: base?.tokens ?? createTokenService(secret, clock),
    audit: base?.audit ?? createAuditWriter(db),
    secrets: base?.secrets ?? {
      otpPepper: hmac(secret, 'one-time-codes'),
      encryptionKey: hmac(secret, 'provider-secrets'),
    },
    at(instant) {
      fixed = instant;
    },
  };
  registerOrderInvoicing(ctx);
  registerRegistrationCredits(ctx);
  registerRecoveryTokens(ctx);
  return ctx;
}
