import { DecodingMode, decodeHTML } from 'entities';
/** What a field of an Anki note holds once its HTML is turned into plain text. */
export interface FieldText {
  text: string;
  /** `[sound:…]` references removed. */
  sounds: number;
  /** `<img>` elements removed. */
  images: number;
}

/** Decodes HTML character references (all of HTML's named ones, decimal and hexadecimal). */
export const decodeEntities = (text: string) => decodeHTML(text, DecodingMode.Strict);

/** Elements whose content is never text a learner wrote. */
const DROPPED_WITH_CONTENT = /<(script|style|head|title|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const LINE_BREAKS = /<br\b[^>]*>|<\/?(div|p|li|tr|h[1-6])\b[^>]*>/gi;

/**
 * A field's HTML as plain text: entities decoded, `<br>` and block elements (`<div>`, `<p>`, …)
 * turned into line breaks, every other tag dropped with its attributes, `[sound:…]` and images
 * removed and counted. The result is only ever shown as text.
 */
export function htmlToText(html: string): FieldText {
  let sounds = 0;
  let images = 0;
  const withoutMedia = html
    .replace(/\[sound:[^\]]*\]/gi, () => {
      sounds += 1;
      return '';
    })
    .replace(/<img\b[^>]*>/gi, () => {
      images += 1;
      return '';
    });
  const text = decodeEntities(
    withoutMedia
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(DROPPED_WITH_CONTENT, '')
      .replace(LINE_BREAKS, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ' ')
    // Tabs and runs of spaces inside a line are one space; lines are trimmed; blank lines go.
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join('\n');
  return { text, sounds, images };
}
