import { describe, expect, it } from 'vitest';
import { backupReminderDue, readReminderSettings } from '../../../src/chat/backup';

const DAY = 24 * 60 * 60 * 1000;
const on = { enabled: true, days: 30 };

describe('backupReminderDue', () => {
  it.each([
    ['no chats: nothing to back up', { settings: on, now: 100 * DAY }, false],
    ['chats a month old, never backed up', { settings: on, oldestChatAt: 0, now: 30 * DAY }, true],
    ['chats younger than the period, never backed up', { settings: on, oldestChatAt: 0, now: 30 * DAY - 1 }, false],
    ['a backup 29 days ago', { settings: on, oldestChatAt: 0, lastBackupAt: 71 * DAY, now: 100 * DAY }, false],
    ['a backup 30 days ago', { settings: on, oldestChatAt: 0, lastBackupAt: 70 * DAY, now: 100 * DAY }, true],
    ['turned off', { settings: { ...on, enabled: false }, oldestChatAt: 0, now: 100 * DAY }, false],
    ['every 7 days, 8 days since', { settings: { enabled: true, days: 7 }, oldestChatAt: 0, lastBackupAt: 2 * DAY, now: 10 * DAY }, true],
  ])('%s → %s', (_what, facts, due) => {
    expect(backupReminderDue(facts)).toBe(due);
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
