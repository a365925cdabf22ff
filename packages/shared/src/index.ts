export * from './auth.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './limits.ts';
export * from './measured-claims.ts';
export * from './messages.ts';
export * from './profile.ts';
export * from './text.ts';
