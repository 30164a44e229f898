/** Environment → typed configuration, with errors a person can act on. */
import { join } from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../common/constants';
import { SIGN_IN_EMAIL_PATTERN } from '../common/contracts/users';
import { weakPasswordProblem } from './auth/password-rules';

/** '512MB' → 512, '1GB' → 1024. */
const sizeInMb = (v: string) => Number.parseInt(v, 10) * (v.endsWith('GB') ? 1024 : 1);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An address, or a name and an address in angle brackets. */
const MAIL_FROM_PATTERN = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/** The first Admin's email when ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.string().url('PUBLIC_URL must be a full URL such as https://office.example.com').optional(),
    DATABASE_URL: z.string().url('DATABASE_URL must be a postgres:// URL').optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(MB|GB)$/, 'PGLITE_SHARED_BUFFERS must be a size such as 512MB or 1GB')
      .refine((v) => sizeInMb(v) >= 16 && sizeInMb(v) <= 1024, 'PGLITE_SHARED_BUFFERS must be between 16MB and 1GB')
      .default('512MB'),
    PGLITE_FSYNC: bool.default(true),
    BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
    TRUSTED_ORIGINS: z.string().default(''),
    TRUST_PROXY: bool.default(false),
    SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    SIGN_IN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    ADMIN_EMAIL: z.string().regex(SIGN_IN_EMAIL_PATTERN, 'ADMIN_EMAIL must be an email address').optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .optional(),
    FILES_DIR: z.string().min(1).optional(),
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_INTERVAL_HOURS: z.coerce
      .number('BACKUP_INTERVAL_HOURS must be a number of hours (0 turns scheduled backups off)')
      .min(0, 'BACKUP_INTERVAL_HOURS must be 0 (off) or more')
      .max(24 * 366, 'BACKUP_INTERVAL_HOURS must be at most a year')
      .default(24),
    BACKUP_KEEP: z.coerce
      .number('BACKUP_KEEP must be a whole number of backups')
      .int('BACKUP_KEEP must be a whole number of backups')
      .min(1, 'BACKUP_KEEP must be at least 1')
      .default(14),
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters (a random one: openssl rand -hex 32)')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\/\S+$/i,
        'SMTP_URL must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465',
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        MAIL_FROM_PATTERN,
        'MAIL_FROM must be an address such as no-reply@example.com or "Stove Back Office <no-reply@example.com>"',
      )
      .optional(),
    NOTIFICATION_DIGEST_HOUR: z.coerce
      .number('NOTIFICATION_DIGEST_HOUR must be an hour from 0 to 23')
      .int('NOTIFICATION_DIGEST_HOUR must be a whole hour from 0 to 23')
      .min(0, 'NOTIFICATION_DIGEST_HOUR must be an hour from 0 to 23')
      .max(23, 'NOTIFICATION_DIGEST_HOUR must be an hour from 0 to 23')
      .default(7),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().default('./dist/web'),
  })
  // The first Admin's password follows the rules of every password (auth/password-rules.ts): said here,
  // in one line, rather than by a failing first start.
  .superRefine((e, ctx) => {
    const problem = e.ADMIN_PASSWORD && weakPasswordProblem(e.ADMIN_PASSWORD, e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);
    if (problem) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: problem });
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  /** PGlite's buffer cache (shared_buffers), e.g. '512MB'. */
  pgliteSharedBuffers: string;
  /** PGlite's fsync: a commit is on disk before it is answered (decision 0010). */
  pgliteFsync: boolean;
  authSecret: string | undefined;
  trustedOrigins: string[];
  trustProxy: boolean;
  signInRateLimitPerMinute: number;
  signInFailuresPerEmail: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** The SMTP server mail is sent through; undefined: mail is written to the log and kept in the Outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail (MAIL_FROM, else "Stove Back Office <no-reply@the PUBLIC_URL host>"). */
  mailFrom: string;
  /** The hour (0-23, the company's time zone) the daily low-stock digest is mailed. */
  notificationDigestHour: number;
  /** The bearer token of GET /metrics; the endpoint answers 404 when undefined. */
  metricsToken: string | undefined;
  logLevel: string;
  webDistDir: string;
  /** Files attached to records: FILES_DIR, else DATA_DIR/files. */
  filesDir: string;
  /** The backup folder: BACKUP_DIR, else DATA_DIR/backups. */
  backupDir: string;
  /** Hours between scheduled backups; 0 turns them off. */
  backupIntervalHours: number;
  /** How many backups are kept. */
  backupKeep: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteFsync: e.PGLITE_FSYNC,
    authSecret: e.BETTER_AUTH_SECRET,
    trustedOrigins: e.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    signInRateLimitPerMinute: e.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    signInFailuresPerEmail: e.SIGN_IN_FAILURES_PER_EMAIL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Stove Back Office <no-reply@${new URL(publicUrl).hostname}>`,
    notificationDigestHour: e.NOTIFICATION_DIGEST_HOUR,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    filesDir: e.FILES_DIR ?? join(e.DATA_DIR, 'files'),
    backupDir: e.BACKUP_DIR ?? join(e.DATA_DIR, 'backups'),
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    backupKeep: e.BACKUP_KEEP,
  };
}
