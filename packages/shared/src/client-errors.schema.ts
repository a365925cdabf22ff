import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from './limits.ts';
import { text } from './text.schema.ts';

const metadataValue = z.union([
  text({ multiline: true, trim: false }).max(CLIENT_ERROR_LIMITS.metadataValue),
  z.number(),
  z.boolean(),
  z.null(),
]);

/**
 * The error event payload (spec §3): what the web app reports when a screen fails to render or an
 * API call fails. Sizes are capped so a report can never be large.
 */
export const clientErrorSchema = z
  .object({
    error_message: text({ multiline: true }).min(1).max(CLIENT_ERROR_LIMITS.message),
    error_stack: text({ multiline: true, trim: false }).max(CLIENT_ERROR_LIMITS.stack).nullish(),
    component: text().min(1).max(CLIENT_ERROR_LIMITS.component),
    action: text().min(1).max(CLIENT_ERROR_LIMITS.action),
    timestamp: z.iso.datetime({ offset: true }),
    metadata: z
      .record(z.string().max(CLIENT_ERROR_LIMITS.metadataKey), metadataValue)
      .refine((m) => Object.keys(m).length <= CLIENT_ERROR_LIMITS.metadataKeys, {
        message: `At most ${CLIENT_ERROR_LIMITS.metadataKeys} metadata fields`,
      })
      .optional(),
  })
  .strict();
export type ClientErrorEvent = z.infer<typeof clientErrorSchema>;
