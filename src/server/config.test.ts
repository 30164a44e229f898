/** The environment → configuration rules: defaults, and a clear error for a value that cannot work. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives PGlite a 512MB buffer cache unless PGLITE_SHARED_BUFFERS says otherwise', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('512MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).pgliteSharedBuffers).toBe('1GB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
  });

  it('runs PGlite with fsync on unless PGLITE_FSYNC turns it off', () => {
    expect(loadConfig({}).pgliteFsync).toBe(true);
    expect(loadConfig({ PGLITE_FSYNC: 'true' }).pgliteFsync).toBe(true);
    expect(loadConfig({ PGLITE_FSYNC: '0' }).pgliteFsync).toBe(false);
    expect(() => loadConfig({ PGLITE_FSYNC: 'yes' })).toThrow('PGLITE_FSYNC');
  });

  it.each([
    ['512', 'PGLITE_SHARED_BUFFERS must be a size such as 512MB or 1GB'],
    ['512mb', 'PGLITE_SHARED_BUFFERS must be a size such as 512MB or 1GB'],
    ['8MB', 'PGLITE_SHARED_BUFFERS must be between 16MB and 1GB'],
    ['2GB', 'PGLITE_SHARED_BUFFERS must be between 16MB and 1GB'],
  ])('refuses PGLITE_SHARED_BUFFERS=%s with a message saying what would do', (value, message) => {
    const attempt = () => loadConfig({ PGLITE_SHARED_BUFFERS: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('sends mail through SMTP_URL from MAIL_FROM, or to the log from no-reply at the PUBLIC_URL host', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://office.example.com' })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Stove Back Office <no-reply@office.example.com>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Office <office@example.com>' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@smtp.example.com:465', mailFrom: 'Office <office@example.com>' });
    expect(loadConfig({ MAIL_FROM: 'office@example.com' }).mailFrom).toBe('office@example.com');
    expect(() => loadConfig({ SMTP_URL: 'smtp.example.com' })).toThrow(
      'SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL',
    );
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: 'Office' })).toThrow('MAIL_FROM: MAIL_FROM must be an address');
  });

  it('mails the daily low-stock digest at NOTIFICATION_DIGEST_HOUR, 7 by default, an hour from 0 to 23', () => {
    expect(loadConfig({}).notificationDigestHour).toBe(7);
    expect(loadConfig({ NOTIFICATION_DIGEST_HOUR: '0' }).notificationDigestHour).toBe(0);
    expect(loadConfig({ NOTIFICATION_DIGEST_HOUR: '23' }).notificationDigestHour).toBe(23);
    for (const bad of ['24', '-1', '7.5', 'seven'])
      expect(() => loadConfig({ NOTIFICATION_DIGEST_HOUR: bad })).toThrow('NOTIFICATION_DIGEST_HOUR');
  });

  it('refuses an ADMIN_PASSWORD that is common or contains the email name, in one line', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password123' })).toThrow(
      'ADMIN_PASSWORD: This password is one of the most common passwords, which are tried first. Choose another.',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'grace@example.com', ADMIN_PASSWORD: 'grace-stoves-26' })).toThrow(
      'ADMIN_PASSWORD: The password must not contain your email name ("grace")',
    );
    expect(loadConfig({ ADMIN_EMAIL: 'grace@example.com', ADMIN_PASSWORD: 'kiln-ember-lantern-7' }).adminPassword).toBe(
      'kiln-ember-lantern-7',
    );
  });

  it('turns GET /metrics on with a METRICS_TOKEN of 16 characters or more, and refuses a shorter one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    const attempt = () => loadConfig({ METRICS_TOKEN: 'short' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow('METRICS_TOKEN must be at least 16 characters');
  });
});
