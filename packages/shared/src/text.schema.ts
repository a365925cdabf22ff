import { z } from 'zod';
import { isPlainText, isVisibleText, NOT_PLAIN_TEXT, NOT_VISIBLE_TEXT } from './text.ts';

export interface TextOptions {
  /** The message when the value is not a string at all. */
  error?: string;
  /** Allow tab, line feed and carriage return (feedback, notes). */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default); passwords keep theirs. */
  trim?: boolean;
  /** Refuse zero-width and other invisible characters too (names people are shown by). */
  visibleOnly?: boolean;
}

/**
 * The one builder for text fields: every string a request carries goes through it, so control
 * characters and broken Unicode are refused with a 400 before anything reaches the database.
 * Returns a zod string, so limits chain as usual: `text().max(80)`.
 */
export function text({
  error,
  multiline = false,
  trim = true,
  visibleOnly = false,
}: TextOptions = {}) {
  const base = z.string(error === undefined ? undefined : { error });
  return (trim ? base.trim() : base)
    .refine((value) => isPlainText(value, multiline), { message: NOT_PLAIN_TEXT, abort: true })
    .refine((value) => !visibleOnly || isVisibleText(value), {
      message: NOT_VISIBLE_TEXT,
      abort: true,
    });
}
