import { useCallback } from 'react';
import { WORD_TEXT } from '@verba/shared';
import { toast } from 'sonner';
import { pickVoice, SPEECH_RATE, speechLanguage } from './speech';

/** Says a word aloud in the given language, with the spec's two error toasts. */
export function useSpeech(language: string | undefined) {
  return useCallback(
    (text: string) => {
      const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
      if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
        toast.error(WORD_TEXT.noSpeech, { description: WORD_TEXT.noSpeechDescription });
        return;
      }
      try {
        synth.cancel();
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = speechLanguage(language);
        utterance.rate = SPEECH_RATE;
        const voice = pickVoice(synth.getVoices(), utterance.lang);
        if (voice) utterance.voice = voice;
        utterance.onerror = (event) => {
          // Cancelling (a second tap) is no failure.
          if (event.error === 'canceled' || event.error === 'interrupted') return;
          toast.error(WORD_TEXT.playbackError, { description: WORD_TEXT.playbackErrorDescription });
        };
        synth.speak(utterance);
      } catch {
        toast.error(WORD_TEXT.playbackError, { description: WORD_TEXT.playbackErrorDescription });
      }
    },
    [language],
  );
}
