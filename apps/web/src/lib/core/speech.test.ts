import { describe, expect, it } from 'vitest';
import { pickVoice, SPEECH_RATE, speechLanguage } from './speech';

describe('speech', () => {
  it('speaks at rate 0.9', () => {
    expect(SPEECH_RATE).toBe(0.9);
  });

  it("uses the word's language, not en-US", () => {
    expect(speechLanguage('es')).toBe('es');
    expect(speechLanguage('ja')).toBe('ja');
    expect(speechLanguage('pt-BR')).toBe('pt');
    expect(speechLanguage(undefined)).toBe('en');
  });

  it('picks a voice that speaks the language: the default, else a local one, else any', () => {
    const voices = [
      { name: 'US', lang: 'en-US', default: true, localService: true },
      { name: 'MX remote', lang: 'es-MX', default: false, localService: false },
      { name: 'ES local', lang: 'es_ES', default: false, localService: true },
      { name: 'FR', lang: 'fr-FR', default: false, localService: false },
    ];
    expect(pickVoice(voices, 'es')?.name).toBe('ES local');
    expect(pickVoice(voices, 'fr')?.name).toBe('FR');
    expect(pickVoice(voices, 'EN')?.name).toBe('US');
    expect(pickVoice(voices, 'ko')).toBeUndefined();
    expect(pickVoice([{ name: 'x', lang: 'es-ES', default: true }], 'es')?.name).toBe('x');
  });
});
