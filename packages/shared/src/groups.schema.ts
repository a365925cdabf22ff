import { z } from 'zod';
import { wordSchema } from './words.schema.ts';

/** AI word groups (spec §3 groups, §7 generate-groups): what the API takes and returns. */

export const groupSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  totalWords: z.number().int(),
  masteredWords: z.number().int(),
  createdAt: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupListSchema = z.object({
  groups: z.array(groupSummarySchema),
  /** Whether a generation is running for this learner in the process that answered. */
  generating: z.boolean(),
});
export type GroupList = z.infer<typeof groupListSchema>;

export const groupDetailSchema = groupSummarySchema.extend({
  words: z.array(wordSchema),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const generateGroupsInputSchema = z
  .object({
    /** True when the client asks because the list is empty (the spec's automatic run). */
    auto: z.boolean().optional(),
  })
  .strict();
export type GenerateGroupsInput = z.infer<typeof generateGroupsInputSchema>;

export const generateGroupsResultSchema = z.object({
  /** 'started': a run begins; 'queued': one is under way and another follows it. */
  status: z.enum(['started', 'queued']),
});
export type GenerateGroupsResult = z.infer<typeof generateGroupsResultSchema>;
