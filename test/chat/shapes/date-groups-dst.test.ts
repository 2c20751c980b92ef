// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupChats, localCalendar, type DayCalendar } from '../../../src/chat/shapes/date-groups';
import { chat } from '../fixtures';
import { zoneCalendar } from '../zone-calendar';

/*
 * Daylight-saving days last 23 or 25 hours; "yesterday" must still start at midnight.
 * New York: 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
 * Every case below is one where "24 hours before today's midnight" gives the wrong group.
 */
const ZONE = 'America/New_York';
const utc = (iso: string) => Date.parse(iso);

const cases: [string, string, string, string][] = [
  // [what, now (UTC), chat updatedAt (UTC), expected group]
  ['after spring-forward: 23:30 EST two days back is not yesterday', '2026-03-09T04:30:00Z', '2026-03-08T04:30:00Z', 'previous7'],
  ['after spring-forward: 00:30 EST on the short day is yesterday', '2026-03-09T04:30:00Z', '2026-03-08T05:30:00Z', 'yesterday'],
  ['after spring-forward: 00:10 EDT today is today', '2026-03-09T04:30:00Z', '2026-03-09T04:10:00Z', 'today'],
  ['after fall-back: 00:30 EDT on the long day is yesterday', '2026-11-02T05:30:00Z', '2026-11-01T04:30:00Z', 'yesterday'],
  ['after fall-back: 23:30 EDT the day before is not yesterday', '2026-11-02T05:30:00Z', '2026-11-01T03:30:00Z', 'previous7'],
  ['30 days across spring-forward: Feb 18 00:30 EST is in the previous 30 days', '2026-03-20T14:00:00Z', '2026-02-18T05:30:00Z', 'previous30'],
  ['30 days across spring-forward: Feb 17 23:30 EST is February', '2026-03-20T14:00:00Z', '2026-02-18T04:30:00Z', 'month 2026-1'],
];

function groupOf(calendar: DayCalendar, now: string, updatedAt: string): string {
  const [group] = groupChats([chat('x', utc(updatedAt))], new Date(utc(now)), calendar);
  return group!.kind === 'month' ? `month ${group!.year}-${group!.month}` : group!.kind;
}

describe(`an injected ${ZONE} calendar`, () => {
  const calendar = zoneCalendar(ZONE);

  it.each([
    ['the 23-hour day starts at 00:00 EST', '2026-03-08T16:00:00Z', '2026-03-08T05:00:00Z'],
    ['the day after it starts at 00:00 EDT', '2026-03-09T16:00:00Z', '2026-03-09T04:00:00Z'],
    ['the 25-hour day starts at 00:00 EDT', '2026-11-01T17:00:00Z', '2026-11-01T04:00:00Z'],
    ['the day after it starts at 00:00 EST', '2026-11-02T17:00:00Z', '2026-11-02T05:00:00Z'],
  ])('knows %s', (_, time, start) => {
    expect(calendar.startOfDay(utc(time))).toBe(utc(start));
  });

  it.each(cases)('%s', (_, now, updatedAt, expected) => {
    expect(groupOf(calendar, now, updatedAt)).toBe(expected);
  });
});

describe(`the default calendar with the process in ${ZONE}`, () => {
  const original = process.env.TZ;
  let applied = false;
  beforeAll(() => {
    // Node re-reads TZ when it is assigned; this file runs in its own worker.
    process.env.TZ = ZONE;
    applied = Intl.DateTimeFormat().resolvedOptions().timeZone === ZONE && new Date(2026, 0, 15).getTimezoneOffset() === 300;
  });
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('runs in the zone (otherwise the cases below would prove nothing)', () => {
    expect(applied).toBe(true);
  });

  it.each(cases)('%s', (_, now, updatedAt, expected) => {
    expect(groupOf(localCalendar, now, updatedAt)).toBe(expected);
  });
});
