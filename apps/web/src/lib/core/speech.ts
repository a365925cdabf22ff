/**
 * Speaking a word with the browser's speech synthesis (spec §7 "Other": rate 0.9 and a language
 * code). Verba speaks in the word's own language, not en-US (design.md, departures).
 */
export const SPEECH_RATE = 0.9;

interface VoiceLike {
  lang: string;
  default?: boolean;
  localService?: boolean;
}

const primary = (lang: string) => lang.toLowerCase().replace('_', '-').split('-')[0] ?? '';

/**
 * The voice for a language code such as 'es': the platform's default voice if it speaks the
 * language, else a local one (works offline), else any; undefined when none speaks it, so the
 * browser picks by the utterance's `lang`.
 */
export function pickVoice<V extends VoiceLike>(
  voices: readonly V[],
  language: string,
): V | undefined {
  const wanted = primary(language);
  const matching = voices.filter((v) => primary(v.lang) === wanted);
  return matching.find((v) => v.default) ?? matching.find((v) => v.localService) ?? matching[0];
}

/** The utterance's language: the learner's target language code, never a fixed en-US. */
export function speechLanguage(language: string | undefined): string {
  const code = language ? primary(language) : '';
  return code || 'en';
}
