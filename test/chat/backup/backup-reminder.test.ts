import { describe, expect, it } from 'vitest';
import { backupReminderDue, readReminderSettings, reminderPeriodStart } from '../../../src/chat/backup';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const on = { enabled: true, days: 30 };

describe('backupReminderDue: the period counts from the first use, the last backup, import or restore', () => {
  it.each([
    ['no chats: nothing to back up', { settings: on, hasChats: false, firstUseAt: 0, now: 100 * DAY }, false],
    ['nothing recorded yet (the first start records the first use)', { settings: on, hasChats: true, now: 100 * DAY }, false],
    ['first used a month ago, never backed up', { settings: on, hasChats: true, firstUseAt: 0, now: 30 * DAY }, true],
    ['first used a moment less than a month ago', { settings: on, hasChats: true, firstUseAt: 0, now: 30 * DAY - 1 }, false],
    ['a backup 29 days ago', { settings: on, hasChats: true, firstUseAt: 0, lastBackupAt: 71 * DAY, now: 100 * DAY }, false],
    ['a backup 30 days ago', { settings: on, hasChats: true, firstUseAt: 0, lastBackupAt: 70 * DAY, now: 100 * DAY }, true],
    ['an old backup, but an import 15 minutes ago', { settings: on, hasChats: true, firstUseAt: 0, lastBackupAt: 0, lastImportAt: 100 * DAY - 15 * MINUTE, now: 100 * DAY }, false],
    ['an import 30 days ago and nothing since', { settings: on, hasChats: true, firstUseAt: 0, lastImportAt: 70 * DAY, now: 100 * DAY }, true],
    ['a restore yesterday on a phone first used last year', { settings: on, hasChats: true, firstUseAt: 0, lastRestoreAt: 99 * DAY, now: 100 * DAY }, false],
    ['a restore 30 days ago, nothing since', { settings: on, hasChats: true, firstUseAt: 0, lastRestoreAt: 70 * DAY, now: 100 * DAY }, true],
    ['first use 15 minutes ago (after importing two-year-old chats)', { settings: on, hasChats: true, firstUseAt: 100 * DAY - 15 * MINUTE, now: 100 * DAY }, false],
    ['turned off', { settings: { ...on, enabled: false }, hasChats: true, firstUseAt: 0, now: 100 * DAY }, false],
    ['every 7 days, 8 days since', { settings: { enabled: true, days: 7 }, hasChats: true, firstUseAt: 0, lastBackupAt: 2 * DAY, now: 10 * DAY }, true],
  ])('%s → %s', (_what, facts, due) => {
    expect(backupReminderDue(facts)).toBe(due);
  });

  it('starts the period at the latest of the four times', () => {
    expect(reminderPeriodStart({ firstUseAt: 1, lastBackupAt: 4, lastImportAt: 3, lastRestoreAt: 2 })).toBe(4);
    expect(reminderPeriodStart({ firstUseAt: 1, lastRestoreAt: 9 })).toBe(9);
    expect(reminderPeriodStart({})).toBeUndefined();
  });
});

describe('readReminderSettings', () => {
  it.each([
    [undefined, { enabled: true, days: 30 }],
    ['junk', { enabled: true, days: 30 }],
    [{ enabled: false, days: 7 }, { enabled: false, days: 7 }],
    [{ days: 0 }, { enabled: true, days: 1 }],
    [{ days: 9999 }, { enabled: true, days: 365 }],
    [{ days: Number.NaN, enabled: 'no' }, { enabled: true, days: 30 }],
  ])('%j → %j', (stored, settings) => {
    expect(readReminderSettings(stored)).toEqual(settings);
  });
});
