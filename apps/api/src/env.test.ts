import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('has working defaults for an embedded install', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
      AI_STRUCTURED_OUTPUTS: true,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_SIGN_IN: 300,
      AUTH_RATE_LIMIT_SIGN_UP: 100,
      AUTH_RATE_LIMIT_ACCOUNT_FAILURES: 5,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats blank values as unset and trims the public URL', () => {
    const env = loadEnv({
      PORT: '8080',
      DATABASE_URL: '  ',
      PUBLIC_URL: 'https://verba.example.org/',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('https://verba.example.org');
  });

  it('requires a shared secret with PostgreSQL', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://localhost/verba' })).toThrow(
      /BETTER_AUTH_SECRET: is required/,
    );
    const env = loadEnv({
      DATABASE_URL: 'postgres://localhost/verba',
      BETTER_AUTH_SECRET: 's'.repeat(32),
    });
    expect(env.DATABASE_URL).toBe('postgres://localhost/verba');
  });

  it('names every bad value in one message', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        TRUST_PROXY: 'maybe',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        AUTH_RATE_LIMIT_SIGN_IN: '0',
        AUTH_RATE_LIMIT_SIGN_UP: 'lots',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const name of [
      'PORT',
      'TRUST_PROXY',
      'DATABASE_URL',
      'LOG_LEVEL',
      'AUTH_RATE_LIMIT_SIGN_IN',
      'AUTH_RATE_LIMIT_SIGN_UP',
    ])
      expect(message).toContain(`${name}:`);
  });
});
