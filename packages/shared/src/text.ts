/** What a text field answers when it holds a character no text should have. */
export const NOT_PLAIN_TEXT = 'Text must not contain control characters or invalid Unicode';

/** What a name answers when it holds a character nobody can see. */
export const NOT_VISIBLE_TEXT = 'Text must not contain invisible characters';

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make text
 * display in another order than it is stored, so a word or a name can read as another. No language
 * needs them typed in; the marks that right-to-left text does use (U+200E, U+200F) are allowed.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * True when `value` is text a person could have typed: no control characters (NUL, escape, DEL,
 * C1 controls…; tab, line feed and carriage return only in multi-line text), no bidirectional
 * overrides, and no half of a UTF-16 surrogate pair without its partner (which no database or
 * encoder can store faithfully). Zero-width joiners stay: Persian and Hindi words need them.
 */
export function isPlainText(value: string, multiline = false): boolean {
  if (DIRECTION_CONTROLS.test(value)) return false;
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

/**
 * Characters that take no room on screen: zero-width spaces and joiners, direction marks, word
 * joiners and invisible operators, the byte-order mark, the Mongolian vowel separator and the soft
 * hyphen. Two names that look the same can differ by them.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/u;
/** A zero-width joiner inside an emoji sequence (👩🏽‍🏫): it draws one picture, so it is seen. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;

/** True when every character of `value` shows: for names, where no language needs a joiner. */
export function isVisibleText(value: string): boolean {
  return !INVISIBLE.test(value.replace(EMOJI_JOINER, ''));
}
