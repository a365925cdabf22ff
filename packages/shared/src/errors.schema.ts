import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';

/** The one error envelope of every API error (design.md "API conventions"). */

export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    requestId: z.string(),
    issues: z.array(fieldIssueSchema).optional(),
    retryAfterSeconds: z.number().int().optional(),
    /** The existing thing a conflict is about (the card of a word already saved). */
    resourceId: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
