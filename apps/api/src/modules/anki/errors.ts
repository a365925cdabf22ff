import { ANKI_TEXT } from '@verba/shared';

/** Why an Anki package could not be read; each kind has its own message for the learner. */
export type AnkiPackageProblem =
  'too-large' | 'corrupt-zip' | 'too-much-data' | 'not-a-package' | 'not-a-collection' | 'no-notes';

const MESSAGES: Record<AnkiPackageProblem, string> = {
  'too-large': ANKI_TEXT.tooLarge,
  'corrupt-zip': ANKI_TEXT.corruptZip,
  'too-much-data': ANKI_TEXT.tooMuchData,
  'not-a-package': ANKI_TEXT.notAPackage,
  'not-a-collection': ANKI_TEXT.notACollection,
  'no-notes': ANKI_TEXT.noNotes,
};

export class AnkiPackageError extends Error {
  constructor(readonly problem: AnkiPackageProblem) {
    super(MESSAGES[problem]);
    this.name = 'AnkiPackageError';
  }
}
