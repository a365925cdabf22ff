import type { LanguageCode } from '@verba/shared';

/** One language's version of the sample word card shown during onboarding. */
export interface DemoWord {
  word: string;
  ipa: string;
  /** "A blue butterfly flew through the garden.", said in this language. */
  example: string;
  /** A memory hook, in English, where one reads naturally. */
  mnemonic?: string;
}

/**
 * The same word, "butterfly", in each of the 21 languages, with the same example sentence. Any
 * pair of them is a translation of each other, so the sample card shows the word in the language
 * the learner chose to learn, explained in the one they speak, without asking an AI.
 */
export const DEMO_WORDS: Record<LanguageCode, DemoWord> = {
  en: {
    word: 'butterfly',
    ipa: 'ˈbʌt.ə.flaɪ',
    example: 'A blue butterfly flew through the garden.',
    mnemonic: 'Picture a pat of butter with wings, fluttering off the breakfast table.',
  },
  es: {
    word: 'mariposa',
    ipa: 'ma.ɾiˈpo.sa',
    example: 'Una mariposa azul voló por el jardín.',
    mnemonic: 'Picture Mary (Mari) posing (posa) for a photo as a butterfly lands on her hand.',
  },
  fr: {
    word: 'papillon',
    ipa: 'pa.pi.jɔ̃',
    example: 'Un papillon bleu a volé dans le jardin.',
    mnemonic: 'Picture a butterfly sleeping on a papa’s pillow.',
  },
  de: {
    word: 'Schmetterling',
    ipa: 'ˈʃmɛ.tɐ.lɪŋ',
    example: 'Ein blauer Schmetterling flog durch den Garten.',
    mnemonic:
      'Schmetten is an old word for cream: a cream-creature, just as a butterfly is a butter-fly.',
  },
  ru: { word: 'бабочка', ipa: 'ˈba.bət͡ɕ.kə', example: 'Синяя бабочка пролетела по саду.' },
  ja: { word: '蝶', ipa: 't͡ɕoː', example: '青い蝶が庭を飛んでいった。' },
  it: {
    word: 'farfalla',
    ipa: 'farˈfal.la',
    example: 'Una farfalla blu volava nel giardino.',
    mnemonic: 'A butterfly flies far, far away (far-falla).',
  },
  pt: { word: 'borboleta', ipa: 'boɾ.boˈle.tɐ', example: 'Uma borboleta azul voou pelo jardim.' },
  zh: { word: '蝴蝶', ipa: 'xǔ.tjě', example: '一只蓝色的蝴蝶飞过了花园。' },
  ko: { word: '나비', ipa: 'na.bi', example: '파란 나비가 정원을 날아갔다.' },
  nl: { word: 'vlinder', ipa: 'ˈvlɪn.dər', example: 'Een blauwe vlinder vloog door de tuin.' },
  pl: { word: 'motyl', ipa: 'ˈmɔ.tɨl', example: 'Niebieski motyl przeleciał przez ogród.' },
  tr: { word: 'kelebek', ipa: 'ce.leˈbec', example: 'Mavi bir kelebek bahçede uçtu.' },
  ar: { word: 'فراشة', ipa: 'fa.raː.ʃa', example: 'طارت فراشة زرقاء في الحديقة.' },
  hi: { word: 'तितली', ipa: 't̪ɪt̪.liː', example: 'एक नीली तितली बगीचे में उड़ी।' },
  sv: { word: 'fjäril', ipa: 'ˈfjæː.rɪl', example: 'En blå fjäril flög genom trädgården.' },
  no: {
    word: 'sommerfugl',
    ipa: 'ˈsɔm.mər.fʉːl',
    example: 'En blå sommerfugl fløy gjennom hagen.',
  },
  da: { word: 'sommerfugl', ipa: 'ˈsʌmɐˌfuːˀl', example: 'En blå sommerfugl fløj gennem haven.' },
  fi: { word: 'perhonen', ipa: 'ˈper.ho.nen', example: 'Sininen perhonen lensi puutarhan läpi.' },
  cs: { word: 'motýl', ipa: 'ˈmotiːl', example: 'Modrý motýl proletěl zahradou.' },
  el: { word: 'πεταλούδα', ipa: 'pe.taˈlu.ða', example: 'Μια γαλάζια πεταλούδα πέταξε στον κήπο.' },
};

/** The sample card for a learner who speaks `native` and learns `target`. */
export function demoCard(native: LanguageCode, target: LanguageCode) {
  const learn = DEMO_WORDS[target];
  const speak = DEMO_WORDS[native];
  return {
    word: learn.word,
    ipa: learn.ipa,
    translation: speak.word,
    example: { target: learn.example, translation: speak.example },
    mnemonic: learn.mnemonic,
  };
}
