export * from './client.ts';
export * from './maintenance.ts';
export * from './migrate.ts';
export * from './notifications.ts';
export * from './prepared.ts';
export * as schema from './schema/index.ts';
export type {
  StoredAnswer,
  StoredCompletion,
  StoredPracticeItem,
  StoredSchedule,
} from '@verba/shared';
