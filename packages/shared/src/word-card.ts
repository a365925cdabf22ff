import { isPlainText } from './text.ts';

/** The word card's text checks, used by its schemas and by the checks of the AI's answer. */

/** What the AI's answer must not contain: what no text field accepts, bidi overrides included. */
export function hasControlCharacters(value: string): boolean {
  return !isPlainText(value);
}

/** Trims and turns every run of whitespace (newlines and tabs included) into one space. */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/gu, ' ').trim();
}

/**
 * Plausible IPA: Latin-script letters (IPA's own letters are Latin script), combining diacritics
 * and tie bars, spacing modifiers (stress ˈˌ, length ːˑ, tone letters ˥˦˧˨˩, ʰ ʲ ʷ), superscript
 * tone numbers, the Greek letters IPA borrows (β θ χ), spaces, syllable dots, parentheses,
 * hyphens, linking and break marks. Digits, capitals, slashes inside, markup and other scripts
 * are refused: a plain-Latin transcription such as "hola" cannot be told from a real one, so
 * the check catches placeholders and garbage, not every mistake.
 */
const IPA_CHARACTERS =
  /^[\p{Script=Latin}\p{M}\u02B0-\u02FF\u1D00-\u1DBF\u2070-\u209F\u00B2\u00B3\u00B9βθχ .()\-‿|‖',ʼ↗↘ꜛꜜ]+$/u;
const IPA_PLACEHOLDER = /^(n\/?a|none|null|unknown|-+|\?+)$/i;

export function isPlausibleIpa(ipa: string): boolean {
  return (
    IPA_CHARACTERS.test(ipa) &&
    /[\p{Script=Latin}βθχ]/u.test(ipa) &&
    !/[0-9A-Z]/.test(ipa) &&
    !IPA_PLACEHOLDER.test(ipa)
  );
}

/** Drops the slashes or brackets a transcription is often wrapped in; the UI adds its own. */
export function stripIpaDelimiters(ipa: string): string {
  if (IPA_PLACEHOLDER.test(ipa.trim())) return ipa.trim();
  return collapseWhitespace(ipa.replace(/[/[\]]/g, ' '));
}

export type CheckResult<T> = { ok: true; value: T } | { ok: false; issues: string[] };
