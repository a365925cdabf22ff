import { fileURLToPath } from 'node:url';

/** The learner in the committed backup fixtures, and where those live. */
export const BACKUP_FIXTURE = {
  email: 'fixture-learner@example.com',
  password: 'violet-harbour-lantern-42',
  wordId: '6f1c2b0e-4d5a-4e8b-9c3f-2a7d1e0b5c48',
  word: 'der Anker',
  /** A fixture is named by the migrations of the version that made it. */
  file: (migrations: number) =>
    fileURLToPath(
      new URL(
        `../modules/backup/fixtures/backup-${String(migrations).padStart(4, '0')}.tar`,
        import.meta.url,
      ),
    ),
};
