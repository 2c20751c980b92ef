// @vitest-environment node
// Issue 37: the test server's recorded web-search streams replay each fixture whole, event by event.
import { describe, expect, it } from 'vitest';
import { WEB_SEARCH_FIXTURES, webSearchFixture, webSearchStream, type WebSearchFixtureName } from '../../support/openai-server/index.mjs';

describe('search-streams', () => {
  it.each(Object.keys(WEB_SEARCH_FIXTURES) as WebSearchFixtureName[])('%s: an event stream whose steps are the fixture’s events, in order', (name) => {
    const response = webSearchStream(name, { delayMs: 5 });
    expect(response).toMatchObject({ status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
    const steps = [...response.steps!];
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.map((step) => step.data).join('')).toBe(webSearchFixture(name));
    expect(steps.every((step) => String(step.data).endsWith('\n\n') && step.delayMs === 5)).toBe(true);
  });
});
