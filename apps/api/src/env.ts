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
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
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
    POSTHOG_KEY: optionalText,
    POSTHOG_HOST: url(['https:', 'http:']).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'is required when DATABASE_URL is set (all processes must share it)',
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
