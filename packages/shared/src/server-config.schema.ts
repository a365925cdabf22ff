import { z } from 'zod';

/**
 * What this server offers, so the app says what it can do before the learner tries: whether an
 * AI provider writes cards, groups and suggestions, and whether product analytics are set up.
 */
export const serverConfigSchema = z.object({
  /** AI_BASE_URL and AI_MODEL are set: cards, groups and suggestions can be generated. */
  aiProvider: z.boolean(),
  /** The POSTHOG_KEY setting: a public project key, meant for browsers. Null when unset. */
  posthogKey: z.string().nullable(),
  posthogHost: z.string(),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;
