import type { LanguageCode } from '@verba/shared';
import { cn } from '@/lib/cn';
// One country's flag for each of the 21 languages (SVG files, so they look the same on every
// system, unlike emoji flags). Only these 21 files end up in the build.
import enFlag from 'circle-flags/flags/gb.svg';
import esFlag from 'circle-flags/flags/es.svg';
import frFlag from 'circle-flags/flags/fr.svg';
import deFlag from 'circle-flags/flags/de.svg';
import ruFlag from 'circle-flags/flags/ru.svg';
import jaFlag from 'circle-flags/flags/jp.svg';
import itFlag from 'circle-flags/flags/it.svg';
import ptFlag from 'circle-flags/flags/pt.svg';
import zhFlag from 'circle-flags/flags/cn.svg';
import koFlag from 'circle-flags/flags/kr.svg';
import nlFlag from 'circle-flags/flags/nl.svg';
import plFlag from 'circle-flags/flags/pl.svg';
import trFlag from 'circle-flags/flags/tr.svg';
import arFlag from 'circle-flags/flags/sa.svg';
import hiFlag from 'circle-flags/flags/in.svg';
import svFlag from 'circle-flags/flags/se.svg';
import noFlag from 'circle-flags/flags/no.svg';
import daFlag from 'circle-flags/flags/dk.svg';
import fiFlag from 'circle-flags/flags/fi.svg';
import csFlag from 'circle-flags/flags/cz.svg';
import elFlag from 'circle-flags/flags/gr.svg';

const FLAGS: Record<LanguageCode, string> = {
  en: enFlag,
  es: esFlag,
  fr: frFlag,
  de: deFlag,
  ru: ruFlag,
  ja: jaFlag,
  it: itFlag,
  pt: ptFlag,
  zh: zhFlag,
  ko: koFlag,
  nl: nlFlag,
  pl: plFlag,
  tr: trFlag,
  ar: arFlag,
  hi: hiFlag,
  sv: svFlag,
  no: noFlag,
  da: daFlag,
  fi: fiFlag,
  cs: csFlag,
  el: elFlag,
};

/** The flag shown beside a language's name. Decorative: the name says which language it is. */
export function LanguageFlag({ code, className }: { code: LanguageCode; className?: string }) {
  return (
    <img
      src={FLAGS[code]}
      alt=""
      width={20}
      height={20}
      decoding="async"
      data-language-flag={code}
      className={cn('size-5 shrink-0 rounded-full', className)}
    />
  );
}
