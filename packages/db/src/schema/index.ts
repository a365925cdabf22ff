// better-auth's tables, then Verba's own; one schema for Drizzle and its migrations.
export * from './auth.ts';
export * from './domain.ts';
