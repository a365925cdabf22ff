import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const count = z.coerce.number({ error: 'must be a whole number' }).int().min(1);

const url = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

/** Every setting of design.md "Configuration"; this module is the only reader of process.env. */
const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int()
      .min(0)
      .max(65_535)
      .default(3000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'must be a whole number' })
      .int()
      .min(1)
      .max(200)
      .default(10),
    BETTER_AUTH_SECRET: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    PUBLIC_URL: url(['http:', 'https:']).optional(),
    TRUST_PROXY: booleanFlag.default(false),
    AI_BASE_URL: url(['http:', 'https:']).optional(),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    AI_STRUCTURED_OUTPUTS: booleanFlag.default(true),
    AI_DAILY_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(200),
    AUTH_RATE_LIMIT_SIGN_IN: count.default(300),
    AUTH_RATE_LIMIT_SIGN_UP: count.default(100),
    AUTH_RATE_LIMIT_ACCOUNT_FAILURES: count.default(5),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    BACKUP_DIR: optionalText,
    BACKUP_KEEP: count.default(7),
    BACKUP_HOUR: z.coerce
      .number({ error: 'must be an hour from 0 to 23' })
      .int()
      .min(0, 'must be an hour from 0 to 23')
      .max(23, 'must be an hour from 0 to 23')
      .default(3),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    SIGNUP: z
      .enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' })
      .default('open'),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    SMTP_URL: url(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: optionalText,
    REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false),
    OIDC_ISSUER_URL: url(['https:', 'http:']).optional(),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_BUTTON_LABEL: optionalText,
    OIDC_ONLY: booleanFlag.default(false),
    POSTHOG_KEY: optionalText,
    POSTHOG_HOST: url(['https:', 'http:']).optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int()
      .min(1_000, 'must be at least 1000')
      .max(600_000, 'must be at most 600000')
      .default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'is required when DATABASE_URL is set (all processes must share it)',
      });
    }
    if (env.DATABASE_URL && env.BACKUP_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_DIR'],
        message: 'is for the embedded database; on PostgreSQL schedule `npm run backup` instead',
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is required when SMTP_URL is set (the address mail is sent from)',
      });
    }
    if (env.REQUIRE_EMAIL_VERIFICATION && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REQUIRE_EMAIL_VERIFICATION'],
        message: 'needs SMTP_URL and MAIL_FROM: the confirmation links go out by mail',
      });
    }
    if (env.OIDC_ISSUER_URL && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER_URL',
      });
    }
    if (env.OIDC_ONLY && !env.OIDC_ISSUER_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ONLY'],
        message: 'needs OIDC_ISSUER_URL: without it nobody could sign in',
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment once, naming every bad value in one message. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const blankAsUnset = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(blankAsUnset);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
