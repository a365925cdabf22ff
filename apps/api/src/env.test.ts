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
      SHUTDOWN_TIMEOUT_MS: 10_000,
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

  it('reads who may sign up, the admins, mail and single sign-on, refusing half a setting', () => {
    const env = loadEnv({
      SIGNUP: 'invite',
      ADMIN_EMAILS: ' Boss@Example.com , second@example.com,',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Verba <verba@example.com>',
      OIDC_ISSUER_URL: 'https://id.example.com/realms/verba',
      OIDC_CLIENT_ID: 'verba',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ONLY: 'true',
    });
    expect(env).toMatchObject({
      SIGNUP: 'invite',
      ADMIN_EMAILS: ['boss@example.com', 'second@example.com'],
      OIDC_ONLY: true,
    });
    expect(loadEnv({}).SIGNUP).toBe('open');
    expect(() => loadEnv({ SIGNUP: 'maybe' })).toThrow(/SIGNUP: must be open, invite or closed/);
    expect(() => loadEnv({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_FROM/);
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@b.c' })).toThrow(
      /SMTP_URL/,
    );
    expect(() => loadEnv({ OIDC_ISSUER_URL: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadEnv({ OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY: needs OIDC_ISSUER_URL/);
  });

  it('requires mail for email verification, which is off by default', () => {
    expect(loadEnv({}).REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(() => loadEnv({ REQUIRE_EMAIL_VERIFICATION: 'true' })).toThrow(
      /REQUIRE_EMAIL_VERIFICATION: needs SMTP_URL and MAIL_FROM/,
    );
    expect(() =>
      loadEnv({ REQUIRE_EMAIL_VERIFICATION: 'true', SMTP_URL: 'smtp://mail.example.com' }),
    ).toThrow(/MAIL_FROM: is required when SMTP_URL is set/);
    expect(() => loadEnv({ REQUIRE_EMAIL_VERIFICATION: 'perhaps' })).toThrow(
      /REQUIRE_EMAIL_VERIFICATION: must be true or false/,
    );
    const env = loadEnv({
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_FROM: 'Verba <verba@example.com>',
    });
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(true);
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
        SHUTDOWN_TIMEOUT_MS: '50',
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
      'SHUTDOWN_TIMEOUT_MS',
    ])
      expect(message).toContain(`${name}:`);
  });

  it('takes the nightly backups and metrics settings, refusing what cannot work', () => {
    expect(loadEnv({})).toMatchObject({ BACKUP_KEEP: 7, BACKUP_HOUR: 3 });
    expect(loadEnv({ BACKUP_DIR: '/backups', BACKUP_KEEP: '14', BACKUP_HOUR: '0' })).toMatchObject({
      BACKUP_DIR: '/backups',
      BACKUP_KEEP: 14,
      BACKUP_HOUR: 0,
    });
    expect(() => loadEnv({ BACKUP_HOUR: '24' })).toThrow(
      /BACKUP_HOUR: must be an hour from 0 to 23/,
    );
    expect(() => loadEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() =>
      loadEnv({
        DATABASE_URL: 'postgres://localhost/verba',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        BACKUP_DIR: '/backups',
      }),
    ).toThrow(/BACKUP_DIR: is for the embedded database/);
  });
});
