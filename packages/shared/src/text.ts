import { z } from 'zod';

/** What a text field answers when it holds a character no text should have. */
export const NOT_PLAIN_TEXT = 'Text must not contain control characters or invalid Unicode';

/**
 * True when `value` is text a person could have typed: no control characters (NUL, escape, DEL,
 * C1 controls…; tab, line feed and carriage return only in multi-line text) and no half of a UTF-16
 * surrogate pair without its partner (which no database or encoder can store faithfully).
 */
export function isPlainText(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20) {
      if (!(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) return false;
    } else if (code >= 0x7f && code <= 0x9f) {
      return false;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

export interface TextOptions {
  /** The message when the value is not a string at all. */
  error?: string;
  /** Allow tab, line feed and carriage return (feedback, notes). */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default); passwords keep theirs. */
  trim?: boolean;
}

/**
 * The one builder for text fields: every string a request carries goes through it, so control
 * characters and broken Unicode are refused with a 400 before anything reaches the database.
 * Returns a zod string, so limits chain as usual: `text().max(80)`.
 */
export function text({ error, multiline = false, trim = true }: TextOptions = {}) {
  const base = z.string(error === undefined ? undefined : { error });
  return (trim ? base.trim() : base).refine((value) => isPlainText(value, multiline), {
    message: NOT_PLAIN_TEXT,
    abort: true,
  });
}
