import { useId } from 'react';
import { SCREEN_TEXT, VALIDATION, type LanguageCode } from '@verba/shared';
import { LanguageSelect } from './language-select';

interface StepLanguagesProps {
  nativeLanguage: LanguageCode;
  targetLanguage: LanguageCode;
  onNativeChange: (language: LanguageCode) => void;
  onTargetChange: (language: LanguageCode) => void;
}

export function StepLanguages({
  nativeLanguage,
  targetLanguage,
  onNativeChange,
  onTargetChange,
}: StepLanguagesProps) {
  const id = useId();
  const same = nativeLanguage === targetLanguage;
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Choose your languages</h1>
        <p className="text-muted-foreground">
          Word cards explain new words in the language you speak.
        </p>
      </div>
      <LanguageSelect
        id={`${id}-native`}
        label={SCREEN_TEXT.iSpeak}
        value={nativeLanguage}
        onChange={onNativeChange}
      />
      <LanguageSelect
        id={`${id}-target`}
        label={SCREEN_TEXT.iWantToLearn}
        value={targetLanguage}
        onChange={onTargetChange}
      />
      <p role="status" className="min-h-5 text-center text-sm text-destructive">
        {same ? VALIDATION.languagesMustDiffer : ''}
      </p>
    </div>
  );
}
