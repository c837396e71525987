import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { checkPublicOrigin } from '../shared/public-origin';
import { ConfigError } from './config-error';
import { GOOGLE_TEST_MODE_PATH, readGoogleSettings, type GoogleSettings } from './google/google-settings';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlString = (schemes: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return schemes.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${schemes.join(' or ')}//`,
    );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['http:', 'https:']).optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['postgres:', 'postgresql:']).optional()),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['smtp:', 'smtps:']).optional()),
  MAIL_FROM: z.string().default('SignaturePro <no-reply@signaturepro.local>'),
  SUPPORT_EMAIL: z.email('must be an email address').default('support@signaturepro.local'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
  /** test: the built-in test payment page is meant (needed with an https PUBLIC_URL); stripe: a key is required. */
  PAYMENTS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['test', 'stripe'], 'must be test or stripe').optional(),
  ),
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['redis:', 'rediss:']).optional()),
  /** Prefix of this deployment's keys in Redis, for a Redis shared with other deployments (default sp:rl:). */
  REDIS_KEY_PREFIX: optionalString,
  /** How long a background job may run before another process takes it again (its own died). */
  JOB_LEASE_SECONDS: z.coerce
    .number('must be a number of seconds')
    .int('must be a whole number of seconds')
    .min(2, 'must be at least 2')
    .max(3600, 'must be at most 3600')
    .default(120),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_SESSION_TOKEN: optionalString,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  AWS_REGION: optionalString,
  AWS_DEFAULT_REGION: optionalString,
  SESSION_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** Addresses of the reverse proxies whose X-Forwarded-For is believed (comma-separated IPs/CIDRs, or 'loopback'). */
  TRUST_PROXY: optionalString,
  /** When set, GET /metrics asks for `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(16, 'must be at least 16 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** google (default): Google's own APIs; test: the built-in TEST MODE Workspace (decision 0140). */
  GOOGLE_MODE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['google', 'test'], 'must be google or test').optional(),
  ),
  /** Google's endpoints: for tests and private clouds; unset, Google's own. */
  GOOGLE_TOKEN_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['http:', 'https:']).optional()),
  GOOGLE_GMAIL_API_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['http:', 'https:']).optional()),
  GOOGLE_DIRECTORY_API_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['http:', 'https:']).optional()),
  /** Encrypts service account keys at rest; unset: derived from SESSION_SECRET. */
  WORKSPACE_KEY_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** The operator's own service account key (JSON), serving every organization (decision 0141). */
  GOOGLE_SERVICE_ACCOUNT_KEY: optionalString,
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: optionalString,
});

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiBase: string | undefined;
  /** Which payment provider runs: Stripe with a key, else the test payment page (which takes no money). */
  payments: 'stripe' | 'test';
  redisUrl: string | undefined;
  /** Unset: the default prefix (rate-limit/create-rate-limiter.ts). */
  redisKeyPrefix?: string;
  /** JOB_LEASE_SECONDS (jobs/job-runner.ts). */
  jobLeaseSeconds: number;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        sessionToken: string | undefined;
      }
    | undefined;
  sessionSecret: string;
  logLevel: string;
  /** Unset: the socket's address is the client's; per-IP limits cannot be spoofed with headers. */
  trustProxy: string[] | false;
  metricsToken: string | undefined;
  /** Google Workspace (src/server/google; which mode runs and why: google-settings.ts, decision 0140). */
  google: GoogleSettings;
};

export { ConfigError };

/** Reads and validates the environment once; a bad value throws one line naming the setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (${shownValue(name, env[name])})`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const payments = readPayments(e, publicUrl);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    payments,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    s3: readS3(e),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY
      ? e.TRUST_PROXY.split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : false,
    google: readGoogleSettings(e, publicUrl),
  };
}

export { GOOGLE_TEST_MODE_PATH, type GoogleSettings };

/**
 * What production start-up (NODE_ENV=production) logs as a warning; the app still starts, so a
 * person can try it locally. Today: a PUBLIC_URL recipients cannot load images from.
 */
export function startupWarnings(config: Pick<AppConfig, 'publicUrl'>, env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const check = checkPublicOrigin(config.publicUrl);
  return check.ok ? [] : [`PUBLIC_URL is ${config.publicUrl}: ${check.message}`];
}

/**
 * Payments fail closed (0024): a Stripe key without its webhook secret would take money and never
 * apply it, and a public (https) server without a key would hand out paid plans for free unless
 * PAYMENTS=test says that is meant. The messages name settings, never their values.
 */
function readPayments(e: z.infer<typeof envSchema>, publicUrl: string): AppConfig['payments'] {
  if (e.STRIPE_SECRET_KEY) {
    if (!e.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is (Stripe webhooks could not be verified)',
      );
    }
    if (e.PAYMENTS === 'test')
      throw new ConfigError('Invalid configuration: PAYMENTS is test but STRIPE_SECRET_KEY is set; unset one of them');
    return 'stripe';
  }
  if (e.PAYMENTS === 'stripe')
    throw new ConfigError('Invalid configuration: PAYMENTS is stripe but STRIPE_SECRET_KEY is not set');
  if (publicUrl.startsWith('https:') && e.PAYMENTS !== 'test') {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY is not set while PUBLIC_URL is https; set it, or set PAYMENTS=test to run the test payment page that takes no money',
    );
  }
  return 'test';
}

/** What a configuration error may repeat: never a secret, never a password inside a URL. */
function shownValue(name: string, value: string | undefined): string {
  if (/SECRET|TOKEN|PASSWORD|_KEY/.test(name)) return 'the value is not shown';
  return `got ${JSON.stringify((value ?? '').replace(/\/\/[^/@]*@/, '//***@'))}`;
}

function readS3(e: z.infer<typeof envSchema>): AppConfig['s3'] {
  if (!e.S3_BUCKET) return undefined;
  const accessKeyId = e.S3_ACCESS_KEY_ID ?? e.AWS_ACCESS_KEY_ID;
  const secretAccessKey = e.S3_SECRET_ACCESS_KEY ?? e.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      'Invalid configuration: S3_BUCKET is set but S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY) are not',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    sessionToken: e.S3_SESSION_TOKEN ?? e.AWS_SESSION_TOKEN,
  };
}

/** The session secret survives restarts so that sessions do too. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
