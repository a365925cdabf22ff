import type { Services } from '../../app-env.ts';

/** What the practice services need. */
export type PracticeServices = Pick<
  Services,
  'db' | 'events' | 'clock' | 'random' | 'scheduleRandom' | 'logger'
> & {
  /** Where a completed daily session asks for a refit of the learner's parameters. */
  jobs?: Pick<Services['jobs'], 'refit'>;
};
