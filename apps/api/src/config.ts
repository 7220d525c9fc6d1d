import path from 'node:path';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_BASE_HOST: z.string().optional(),
  APP_URL_SCHEME: z.enum(['http', 'https']).optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Inscrio <no-reply@inscrio.localhost>'),
  SEED_DEMO: boolFromEnv.default(true),
  SEED_DEMO_FAMILY: boolFromEnv.default(true),
  RUN_JOBS: boolFromEnv.default(true),
  // Which proxies' X-Forwarded-For to believe, so that request.ip (rate limits, audit) is the client's:
  // the load balancers' addresses or CIDRs (comma-separated), or true/false. `true` believes every hop,
  // including one the client wrote itself, which lets a client choose its address: prefer addresses.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] => {
      const value = v.trim();
      if (['true', '1', 'yes'].includes(value)) return true;
      if (['false', '0', 'no', ''].includes(value)) return false;
      return value.split(',').map((address) => address.trim());
    }),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  AUTH_SIGN_IN_PER_ACCOUNT_IP: z.coerce.number().int().min(1).default(10),
  AUTH_SIGN_IN_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  /** Unset: five times AUTH_RATE_LIMIT_PER_ACCOUNT. */
  AUTH_MAILS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MOLLIE_API_URL: z.string().url().default('https://api.mollie.com:443/v2/'),
  MOLLIE_AUTHORIZE_URL: z.string().url().default('https://my.mollie.com/oauth2/authorize'),
  MOLLIE_CLIENT_ID: z.string().optional(),
  MOLLIE_CLIENT_SECRET: z.string().optional(),
  BUCKAROO_URL: z.string().url().default('https://checkout.buckaroo.nl'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** `host[:port]` that organisation subdomains hang from, e.g. `localhost:3000` or `inscrio.be`. */
  appBaseHost: string;
  urlScheme: 'http' | 'https';
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  /** The demo parent's family seeded with registrations, an order and invoices. */
  seedDemoFamily: boolean;
  runJobs: boolean;
  trustProxy: boolean | string[];
  /** Authentication attempts allowed per 15 minutes, per account and per client address. */
  authRateLimits: {
    perAccount: number;
    perAddress: number;
    signInPerAccountAndAddress: number;
    signInPerAccount: number;
    mailsPerAccount: number;
  };
  /** How long family catalogue pages are shared by visibility class (modules/catalog/catalog-cache.ts); 0: off. */
  catalogCacheSeconds: number;
  logLevel: string;
  /** Payment providers: the platform's Mollie app (OAuth) and the endpoints (real ones unless tests say otherwise). */
  mollie: {
    /** Root of the Mollie API (`…/v2/`); the OAuth token endpoint is `/oauth2/tokens` on its origin. */
    apiUrl: string;
    authorizeUrl: string;
    clientId?: string;
    clientSecret?: string;
  };
  /** Buckaroo checkout origin: `https://checkout.buckaroo.nl` (live) or `https://testcheckout.buckaroo.nl`. */
  buckarooUrl: string;
}

/** Reads the environment once at start; a bad value stops the process with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appBaseHost = (e.APP_BASE_HOST ?? `localhost:${e.PORT}`).toLowerCase();
  const baseDir = env.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appBaseHost,
    urlScheme: e.APP_URL_SCHEME ?? (/^(localhost|127\.|\[::1\])/.test(appBaseHost) ? 'http' : 'https'),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(baseDir, e.DATA_DIR ?? 'data'),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    seedDemoFamily: e.SEED_DEMO_FAMILY,
    runJobs: e.RUN_JOBS,
    trustProxy: e.TRUST_PROXY,
    authRateLimits: {
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      perAddress: e.AUTH_RATE_LIMIT_PER_ADDRESS,
      signInPerAccountAndAddress: e.AUTH_SIGN_IN_PER_ACCOUNT_IP,
      signInPerAccount: e.AUTH_SIGN_IN_PER_ACCOUNT,
      mailsPerAccount: e.AUTH_MAILS_PER_ACCOUNT ?? 5 * e.AUTH_RATE_LIMIT_PER_ACCOUNT,
    },
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
    mollie: {
      apiUrl: e.MOLLIE_API_URL,
      authorizeUrl: e.MOLLIE_AUTHORIZE_URL,
      clientId: e.MOLLIE_CLIENT_ID,
      clientSecret: e.MOLLIE_CLIENT_SECRET,
    },
    buckarooUrl: e.BUCKAROO_URL.replace(/\/+$/, ''),
  };
}

/** The public address of an organisation's subdomain, used in e-mailed links. */
export const organizationUrl = (config: Config, key: string, pathAndQuery = '/'): string =>
  `${config.urlScheme}://${key}.${config.appBaseHost}${pathAndQuery}`;
