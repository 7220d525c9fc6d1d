import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Clock } from './lib/clock';
import type { RateLimit, RateLimiter } from './lib/rate-limit';
import type { AuditWriter } from './modules/audit/audit.writer';
import type { TokenService } from './modules/auth/tokens';
import type { Mailer } from './modules/mail/mailer';

export interface RateLimits {
  /** Per account (organisation + e-mail, or user), whatever the outcome: e-mails sent, changes asked. */
  perAccount: RateLimit;
  /** Per client address, across accounts. */
  perAddress: RateLimit;
  /**
   * Wrong passwords and codes for one account from one client address: what stops a guesser without
   * locking the owner out, who signs in from another address or with an e-mail code.
   */
  signInPerAccountAndAddress: RateLimit;
  /** Wrong passwords for one account from every address together: much looser, against distributed guessing. */
  signInPerAccount: RateLimit;
  /**
   * Code and reset e-mails for one account from every address together. Those from one address are held
   * to `perAccount`, so someone who knows an address cannot use up its owner's budget from one place;
   * this looser ceiling only keeps the owner's mailbox from being flooded from many.
   */
  mailsPerAccount: RateLimit;
}

/** The explicit dependencies every service factory receives. Built once in `buildApp`. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  rateLimits: RateLimits;
  tokens: TokenService;
  audit: AuditWriter;
  /** Keys derived from the application secret. */
  secrets: {
    otpPepper: string;
    /** AES-256-GCM key (base64url, 32 bytes) for provider secrets stored in the database. */
    encryptionKey: string;
  };
}
