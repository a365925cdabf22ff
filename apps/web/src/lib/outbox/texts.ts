import { countOf } from '@verba/shared';

/** Practice kept on the device counts answers, session starts and completions as answers. */
const ANSWER_UNITS = { one: 'answer', other: 'answers' } as const;

export const answerCount = (count: number) => countOf(count, ANSWER_UNITS);

/** What the app shell's quiet mark says (components/layouts/offline-badge.tsx). */
export const OUTBOX_STATUS_TEXT = {
  /** "Offline — 3 answers waiting". */
  waiting: (count: number, online: boolean) =>
    online ? `${answerCount(count)} waiting to sync` : `Offline — ${answerCount(count)} waiting`,
  synced: 'Synced',
} as const;
