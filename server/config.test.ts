import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

// The backup settings as the server reads them at start.

describe('backup settings', () => {
  it('default to no schedule, ./backups, and keeping 7', () => {
    expect(loadConfig({})).toMatchObject({
      backupIntervalHours: undefined,
      backupDir: './backups',
      backupKeep: 7,
    });
    expect(
      loadConfig({ BACKUP_INTERVAL_HOURS: '0.5', BACKUP_DIR: '/srv/b', BACKUP_KEEP: '30' }),
    ).toMatchObject({ backupIntervalHours: 0.5, backupDir: '/srv/b', backupKeep: 30 });
  });

  it('refuse what cannot work, naming the variable', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(refused({ BACKUP_INTERVAL_HOURS: '0' })).toMatch(
      /BACKUP_INTERVAL_HOURS: must be more than 0/,
    );
    expect(refused({ BACKUP_INTERVAL_HOURS: '1000' })).toMatch(/at most 576 hours/);
    expect(refused({ BACKUP_INTERVAL_HOURS: 'daily' })).toMatch(/BACKUP_INTERVAL_HOURS/);
    expect(refused({ BACKUP_KEEP: '0' })).toMatch(/BACKUP_KEEP: must keep at least 1/);
    expect(
      refused({ BACKUP_INTERVAL_HOURS: '24', DATABASE_URL: 'postgres://db.example/payments' }),
    ).toMatch(/BACKUP_INTERVAL_HOURS: backs up the embedded database; on PostgreSQL .* pg_dump/);
  });
});
