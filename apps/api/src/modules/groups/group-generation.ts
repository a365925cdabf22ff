import type { SessionUser } from '@verba/shared';

/** Background word grouping, coalesced per learner (`createGroupGeneration`). */
export interface GroupGeneration {
  /** After a word is saved: place it into the groups, coalesced with other saves. */
  wordSaved: (userId: string) => void;
  /**
   * The Generate button, or the screen's automatic first run: counts against the learner's
   * quota and starts in the background.
   */
  request: (user: SessionUser, options: { auto: boolean }) => Promise<'started' | 'queued'>;
  busy: (userId: string) => boolean;
  /** Runs whatever is waiting now and waits for every run (tests, shutdown). */
  flush: () => Promise<void>;
  idle: () => Promise<void>;
  close: () => void;
}
