import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemWith(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

describe('loadConfig', () => {
  it('When nothing is set, then the defaults apply', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4321,
      DATA_DIR: './data',
      STATIC_DIR: 'dist',
      TRUST_PROXY: 0,
      DEMO_DATA: 'auto',
      LOG_LEVEL: 'info',
      UPLOAD_MB_PER_HOUR: 4096,
      UPLOAD_MIN_FREE_MB: 1024,
      UPLOAD_MIN_FREE_PERCENT: 5,
      UPLOAD_PERCENT_PER_ADDRESS: 5,
      UPLOADS_AT_ONCE: 16,
      UPLOADS_AT_ONCE_PER_ADDRESS: 4,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BO_ADMIN_LOGIN).toBeUndefined();
    expect(config.PUBLIC_ADDRESS_SEARCH_URL).toBeUndefined();
  });

  it('When variables are valid, then they are typed and normalised', () => {
    const config = loadConfig({
      PORT: '8080',
      TRUST_PROXY: '2',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'postgresql://app:pw@db:5432/claims',
      PUBLIC_PARTNER_API_URL: 'https://api.example.com/',
      PUBLIC_ADDRESS_SEARCH_URL: 'https://photon.example.com/geocoder//',
      MAIL_FROM: 'Sinistre Assistance <noreply@example.com>',
      BO_ADMIN_LOGIN: 'admin',
      BO_ADMIN_PASSWORD: 'correct horse battery',
      S3_URL: 'https://s3.example.com',
      S3_BUCKET: 'claims',
      PUBLIC_CHAT_WIDGET_URL: 'https://chat.example.com/widget.js',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: 2,
      LOG_LEVEL: 'debug',
      PUBLIC_PARTNER_API_URL: 'https://api.example.com',
      PUBLIC_ADDRESS_SEARCH_URL: 'https://photon.example.com/geocoder',
      BO_ADMIN_LOGIN: 'admin',
      S3_BUCKET: 'claims',
    });
    expect(config).not.toHaveProperty('NODE_ENV');
  });

  it('When a variable is empty, then it counts as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 4321, DATABASE_URL: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc").'],
    [{ PORT: '65536' }, 'PORT must be an integer between 0 and 65535 (got "65536")'],
    [{ PORT: '80.5' }, 'PORT must be an integer between 0 and 65535 (got "80.5")'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be a whole number of trusted proxies (0 to 100) (got "true")'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA must be auto, on or off (got "yes")'],
    [{ UPLOAD_MIN_FREE_PERCENT: '101' }, 'UPLOAD_MIN_FREE_PERCENT must be a whole percentage (0 to 100) (got "101")'],
    [{ UPLOADS_AT_ONCE: '0' }, 'UPLOADS_AT_ONCE must be a whole number (1 to 10000) (got "0")'],
    [{ UPLOAD_MB_PER_HOUR: '1.5' }, 'UPLOAD_MB_PER_HOUR must be a whole number of MiB (1 to 100000000) (got "1.5")'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [
      { DATABASE_URL: 'mysql://db/claims' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db/claims")',
    ],
    [{ PUBLIC_STATS_URL: '/stats' }, 'PUBLIC_STATS_URL must be an absolute http(s):// URL (got "/stats")'],
    [{ PUBLIC_PARTNER_API_URL: 'ftp://api.example.com' }, 'PUBLIC_PARTNER_API_URL must be an absolute http(s):// URL'],
    [
      { PUBLIC_ADDRESS_SEARCH_URL: 'photon.komoot.io' },
      'PUBLIC_ADDRESS_SEARCH_URL must be an absolute http(s):// URL (got "photon.komoot.io")',
    ],
    [
      { SMTP_URL: 'http://mail.example.com' },
      'SMTP_URL must be an smtp:// or smtps:// URL (got "http://mail.example.com")',
    ],
    [{ MAIL_FROM: 'noreply' }, 'MAIL_FROM must be an e-mail address or "Name <address>" (got "noreply")'],
    [{ BO_ADMIN_LOGIN: 'admin' }, 'BO_ADMIN_PASSWORD must be set when BO_ADMIN_LOGIN is set (not set)'],
    [
      { BO_ADMIN_PASSWORD: 'long enough password' },
      'BO_ADMIN_LOGIN must be set when BO_ADMIN_PASSWORD is set (not set)',
    ],
    [
      { LLM_BASE_URL: 'not a url', LLM_MODEL: 'm' },
      'LLM_BASE_URL must be an absolute http(s):// URL (got "not a url")',
    ],
    [{ LLM_BASE_URL: 'https://llm.example.com/v1' }, 'LLM_MODEL must be set when LLM_BASE_URL is set (not set)'],
    [{ S3_URL: 'https://s3.example.com' }, 'S3_BUCKET must be set when S3_URL is set (not set)'],
    [
      { PUBLIC_ANALYTICS_URL: 'http://analytics.example.com/tag.js' },
      'PUBLIC_ANALYTICS_URL must be an absolute https:// URL',
    ],
  ])('When %o, then one line names the variable, the problem and the value', (env, expected) => {
    const message = problemWith(env);
    expect(message).toContain(expected);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('When several variables are wrong, then all are named on one line', () => {
    const message = problemWith({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
  });

  it('When a value holds a line break, then the message is still one line', () => {
    expect(problemWith({ PORT: '1\n2' }).split('\n')).toHaveLength(1);
  });

  it.each([
    [
      { BO_ADMIN_LOGIN: 'admin', BO_ADMIN_PASSWORD: 'hunter2' },
      'hunter2',
      'BO_ADMIN_PASSWORD must be at least 12 characters long',
    ],
    [
      { DATABASE_URL: 'mysql://app:s3cr3t@db/claims' },
      's3cr3t',
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [{ SMTP_URL: 'https://user:s3cr3t@mail.example.com' }, 's3cr3t', 'SMTP_URL must be an smtp:// or smtps:// URL'],
  ])('When a secret is invalid (%o), then its value is hidden', (env, secret, expected) => {
    const message = problemWith(env);
    expect(message).toContain(expected);
    expect(message).toContain('(value hidden)');
    expect(message).not.toContain(secret);
  });
});
