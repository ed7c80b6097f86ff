import { z } from 'zod';

/** Unset and empty mean the same: the embedded default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const url = (protocols: string[], hint: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a ${hint} URL`);

const httpUrl = url(['http:', 'https:'], 'http(s)');

/** A whole number in a range, `fallback` when unset. */
const wholeNumber = (fallback: number, min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => (value === '' || value === undefined ? fallback : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );
};

export const envSchema = z
  .object({
    PORT: wholeNumber(3000, 1, 65535),
    /** How long a stopping server waits for its job passes and requests before it gives up and exits 1. */
    SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(30, 1, 600),
    /**
     * Where the background jobs run (lib/server/jobs-mode.ts): `on` (default) the shop and its jobs, `off` the shop
     * only (another process runs the jobs), `only` the jobs only (`npm run worker`).
     */
    JOBS: z.preprocess(
      (value) => (value === '' || value === undefined ? 'on' : value),
      z.enum(['on', 'off', 'only']),
    ),
    /**
     * Whether the server keeps its public pages a few seconds itself and answers them before Next (on, default;
     * lib/server/page-cache.ts). off: every request goes through Next (to measure Next's own path, or to debug).
     */
    PAGE_CACHE: z.preprocess(
      (value) => (value === '' || value === undefined ? 'on' : value),
      z.enum(['on', 'off']),
    ),
    /** The loopback port of the job-only process `npm run worker` (its health checks and metrics). */
    WORKER_PORT: wholeNumber(3009, 1, 65535),
    DATA_DIR: z.preprocess((value) => (value === '' || value === undefined ? './data' : value), z.string()),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'postgres://')),
    /**
     * Whether a server applies the migrations when it starts (default true). false: it checks that the database is
     * at the build's latest migration and refuses to start when it is behind; `npm run db:migrate` migrates.
     */
    MIGRATE_ON_START: z
      .preprocess(
        (value) => (value === '' || value === undefined ? 'true' : value),
        z.enum(['true', 'false']),
      )
      .transform((value) => value === 'true'),
    SITE_URL: optional(httpUrl),
    NEXT_PUBLIC_PAYMENTS_API_URL: optional(httpUrl),
    NEXT_PUBLIC_ANALYTICS_URL: optional(httpUrl),
    /**
     * Who runs the analytics endpoint, as the privacy and cookie pages name it (lib/legal/analytics.ts): required with
     * NEXT_PUBLIC_ANALYTICS_URL, since consent to an unnamed recipient is not informed consent.
     */
    ANALYTICS_SERVICE: optional(z.string().trim().min(3, 'must name the service and who runs it').max(200)),
    /** How many days the analytics service keeps the page views; required with NEXT_PUBLIC_ANALYTICS_URL. */
    ANALYTICS_RETENTION_DAYS: optional(
      z.coerce
        .number({ error: 'must be a whole number from 1 to 3650' })
        .int('must be a whole number from 1 to 3650')
        .min(1, 'must be a whole number from 1 to 3650')
        .max(3650, 'must be a whole number from 1 to 3650'),
    ),
    ADMIN_USERNAME: optional(
      z.string().regex(/^[a-zA-Z0-9._-]{3,64}$/, 'must be 3-64 letters, digits, dots, dashes or underscores'),
    ),
    ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters long')),
    JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
    SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtp:// or smtps://')),
    MAIL_FROM: optional(z.string().min(3)),
    /** Where staff are told of an order that needs a hand (lib/mail/staff-alert-queue.ts); unset: nobody is mailed. */
    STAFF_ALERT_EMAIL: optional(z.email('must be an e-mail address')),
    /** How many times an e-mail is tried before it is given up and staff are told (lib/mail/outbox.ts). */
    MAIL_MAX_ATTEMPTS: wholeNumber(10, 1, 100),
    /** The first wait between two tries of an e-mail, in seconds; it doubles at each try, up to an hour. */
    MAIL_RETRY_BASE_SECONDS: wholeNumber(5, 0, 3600),
    PAYMENT_PROVIDER: z.preprocess(
      (value) => (value === '' || value === undefined ? 'sandbox' : value),
      z.enum(['sandbox', 'netopia']),
    ),
    NETOPIA_API_URL: optional(httpUrl),
    NETOPIA_API_KEY: optional(z.string().min(1)),
    NETOPIA_POS_SIGNATURE: optional(z.string().min(1)),
    NETOPIA_PUBLIC_KEY: optional(z.string().min(1)),
    EXCHANGE_RATE_FEED_URL: optional(httpUrl),
    /**
     * Who registers the vignettes sold (lib/issuers/deliverers.ts): the built-in sandbox (default) or an issuer
     * gateway speaking the shop's issuer contract (docs/issuer-api.md) at VIGNETTE_ISSUER_URL.
     */
    VIGNETTE_ISSUER: z.preprocess(
      (value) => (value === '' || value === undefined ? 'sandbox' : value),
      z.enum(['sandbox', 'http']),
    ),
    VIGNETTE_ISSUER_URL: optional(httpUrl),
    VIGNETTE_ISSUER_TOKEN: optional(z.string().min(16, 'must be at least 16 characters long')),
    /** Who credits the top-ups sold: the built-in sandbox (default) or Reloadly's Airtime API. */
    TOPUP_PROVIDER: z.preprocess(
      (value) => (value === '' || value === undefined ? 'sandbox' : value),
      z.enum(['sandbox', 'reloadly']),
    ),
    RELOADLY_CLIENT_ID: optional(z.string().min(1)),
    RELOADLY_CLIENT_SECRET: optional(z.string().min(1)),
    /** Reloadly's OAuth2 server; its default is the real one. */
    RELOADLY_AUTH_URL: z.preprocess(
      (value) => (value === '' || value === undefined ? 'https://auth.reloadly.com' : value),
      httpUrl,
    ),
    /** Reloadly's Airtime API: `https://topups.reloadly.com`, or `https://topups-sandbox.reloadly.com` to try it. */
    RELOADLY_API_URL: z.preprocess(
      (value) => (value === '' || value === undefined ? 'https://topups.reloadly.com' : value),
      httpUrl,
    ),
    /**
     * RO e-Factura (lib/efactura/provider.ts): the built-in sandbox (default), ANAF's API, or off (nothing is
     * uploaded; the documents wait as PENDING until a provider is set).
     */
    EFACTURA_PROVIDER: z.preprocess(
      (value) => (value === '' || value === undefined ? 'sandbox' : value),
      z.enum(['sandbox', 'anaf', 'off']),
    ),
    EFACTURA_API_URL: optional(httpUrl),
    EFACTURA_TOKEN_URL: optional(httpUrl),
    EFACTURA_CLIENT_ID: optional(z.string().min(1)),
    EFACTURA_CLIENT_SECRET: optional(z.string().min(1)),
    EFACTURA_REFRESH_TOKEN: optional(z.string().min(1)),
    /**
     * Uploads of a document tried (10 s, 30 s, 2 min, 10 min, then hourly) before it is given up for staff to send
     * again (lib/efactura/submissions.ts); 24 is about a day, well inside the legal five working days.
     */
    EFACTURA_MAX_ATTEMPTS: wholeNumber(24, 1, 200),
    /** How long the built-in e-Factura sandbox says `in prelucrare` after an upload (0: answers at once). */
    EFACTURA_SANDBOX_SECONDS: wholeNumber(3, 0, 86_400),
    /** How long the sandbox payment provider's card form stays open; Netopia's own sessions last about as long. */
    SANDBOX_PAYMENT_TTL_SECONDS: wholeNumber(15 * 60, 10, 86_400),
    /** Proxies in front of the shop whose `X-Forwarded-For` is believed (0: the socket's peer is the client). */
    TRUSTED_PROXY_HOPS: wholeNumber(0, 0, 10),
    /** Scales every rate limit (lib/api/rate-limit.ts); tests that send many requests from one address raise it. */
    RATE_LIMIT_MULTIPLIER: z.preprocess(
      (value) => (value === '' || value === undefined ? 1 : value),
      z.coerce.number({ error: 'must be a positive number' }).positive('must be a positive number').max(1e6),
    ),
    /**
     * The bearer token a scraper from another machine sends to `GET /api/metrics` (lib/metrics-endpoint/access.ts); unset:
     * the metrics answer the server's own machine only.
     */
    METRICS_TOKEN: optional(z.string().min(24, 'must be at least 24 characters long')),
    LOG_LEVEL: z.preprocess(
      (value) => (value === '' || value === undefined ? 'info' : value),
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.JOBS !== 'on' && !env.DATABASE_URL) {
      // The embedded database opens in one process only: the shop and its jobs cannot run apart on it.
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: `is required when JOBS=${env.JOBS} (npm run worker runs JOBS=only): the embedded database serves one process, so the shop and its background jobs can run apart only on a PostgreSQL they share`,
      });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_USERNAME) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_USERNAME'], message: 'is required with ADMIN_PASSWORD' });
    }
    if (env.NEXT_PUBLIC_ANALYTICS_URL) {
      for (const key of ['ANALYTICS_SERVICE', 'ANALYTICS_RETENTION_DAYS'] as const) {
        if (env[key] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required with NEXT_PUBLIC_ANALYTICS_URL: the privacy and cookie pages name it',
          });
      }
    }
    if (env.PAYMENT_PROVIDER === 'netopia') {
      for (const key of [
        'NETOPIA_API_URL',
        'NETOPIA_API_KEY',
        'NETOPIA_POS_SIGNATURE',
        'NETOPIA_PUBLIC_KEY',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=netopia' });
      }
      // PAYMENT_PROVIDER=netopia is what "the shop runs for real" means (README, "Security"): real money, so no
      // secret kept in the database beside the data it protects, and no API key sent in clear.
      if (!env.JWT_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message: 'is required when PAYMENT_PROVIDER=netopia',
        });
      if (
        env.NETOPIA_API_URL &&
        URL.canParse(env.NETOPIA_API_URL) &&
        new URL(env.NETOPIA_API_URL).protocol !== 'https:'
      )
        ctx.addIssue({
          code: 'custom',
          path: ['NETOPIA_API_URL'],
          message: 'must be an https URL when PAYMENT_PROVIDER=netopia',
        });
    }
    if (env.VIGNETTE_ISSUER === 'http') {
      requireSecureSettings(
        ctx,
        env,
        ['VIGNETTE_ISSUER_URL', 'VIGNETTE_ISSUER_TOKEN'],
        'VIGNETTE_ISSUER=http',
      );
    }
    if (env.TOPUP_PROVIDER === 'reloadly') {
      requireSecureSettings(
        ctx,
        env,
        ['RELOADLY_CLIENT_ID', 'RELOADLY_CLIENT_SECRET', 'RELOADLY_AUTH_URL', 'RELOADLY_API_URL'],
        'TOPUP_PROVIDER=reloadly',
      );
    }
    if (env.PAYMENT_PROVIDER === 'netopia' && env.EFACTURA_PROVIDER === 'sandbox') {
      // Live mode (lib/config/live-mode.ts): invoices must reach ANAF, or be held back on purpose.
      ctx.addIssue({
        code: 'custom',
        path: ['EFACTURA_PROVIDER'],
        message:
          'must be "anaf" (or "off", set explicitly, to hold invoices back) when PAYMENT_PROVIDER=netopia: the sandbox reports nothing to ANAF',
      });
    }
    if (env.EFACTURA_PROVIDER === 'anaf') {
      requireSecureSettings(
        ctx,
        env,
        [
          'EFACTURA_API_URL',
          'EFACTURA_TOKEN_URL',
          'EFACTURA_CLIENT_ID',
          'EFACTURA_CLIENT_SECRET',
          'EFACTURA_REFRESH_TOKEN',
        ],
        'EFACTURA_PROVIDER=anaf',
      );
    }
  });

/**
 * Each of `keys` must be set, and its URLs https: a provider's credentials travel with every call, never in clear.
 */
function requireSecureSettings<K extends string>(
  ctx: z.RefinementCtx,
  env: Partial<Record<K, string>>,
  keys: readonly K[],
  when: string,
) {
  for (const key of keys) {
    const value = env[key];
    if (!value) ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${when}` });
    // A value that is no URL at all has its own message already (the field's own check runs before this one).
    else if (key.endsWith('_URL') && URL.canParse(value) && new URL(value).protocol !== 'https:')
      ctx.addIssue({ code: 'custom', path: [key], message: `must be an https URL when ${when}` });
  }
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** The public base address, without a trailing slash. */
  siteUrl: string;
}

/** Values never echoed in an error message. */
const SECRET_VARIABLES = new Set([
  'ADMIN_PASSWORD',
  'JWT_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  'NETOPIA_API_KEY',
  'EFACTURA_CLIENT_SECRET',
  'EFACTURA_REFRESH_TOKEN',
  'VIGNETTE_ISSUER_TOKEN',
  'RELOADLY_CLIENT_SECRET',
  'METRICS_TOKEN',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at start-up. A bad value throws a ConfigError whose message names the variable
 * (and shows its value unless it is a secret).
 */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = source[name];
        const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const env = result.data;
  return { ...env, siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}

const globalForConfig = globalThis as unknown as { roadConfig?: Config };

/** The process's configuration, parsed from `process.env` on first use. */
export function getConfig(): Config {
  globalForConfig.roadConfig ??= parseConfig(process.env);
  return globalForConfig.roadConfig;
}

/**
 * The address at which this very server is always reached, whatever its public address: for the requests a server
 * makes to itself (the sandbox's notifications, the catalog's revalidation, the proxy's look-up of an order).
 */
export const loopbackOrigin = (config: Config = getConfig()) => `http://127.0.0.1:${config.PORT}`;
