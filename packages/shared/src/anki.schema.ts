import { z } from 'zod';

/**
 * The Anki export's options: a reverse card (translation → word) beside each word's card. Apart
 * from the texts in anki.ts, so the screens that show them do not load the schema library.
 */
export const ankiExportQuerySchema = z
  .object({ reverse: z.enum(['true', 'false']).optional() })
  .strict();
export type AnkiExportQuery = z.infer<typeof ankiExportQuerySchema>;
