// The restore preview's line on when the backup's chats were started (issue 33): one day is named once.
import { describe, expect, it } from 'vitest';
import { datesLine } from '../../../src/app/settings/data/restore-preview';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const morning = new Date(2026, 10, 29, 8, 0).getTime();
const evening = new Date(2026, 10, 29, 22, 30).getTime();
const nextDay = new Date(2026, 10, 30, 9, 0).getTime();

describe('datesLine', () => {
  it.each([
    ['one chat', morning, morning, `Chats started on ${day.format(morning)}; the backup was made on D.`],
    ['chats of one day', morning, evening, `Chats started on ${day.format(morning)}; the backup was made on D.`],
    ['chats of two days', morning, nextDay, `Chats started from ${day.format(morning)} to ${day.format(nextDay)}; the backup was made on D.`],
  ])('%s', (_name, from, to, expected) => {
    expect(datesLine({ from, to }, 'D')).toBe(expected);
  });
});
