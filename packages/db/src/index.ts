export * from './client.ts';
export * from './migrate.ts';
export * from './notifications.ts';
export * from './prepared.ts';
export * as schema from './schema.ts';
export type { WordExample, WordSuggestion } from './schema.ts';
