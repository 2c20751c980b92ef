// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reasonForStatus, suggestsOldTransport } from '../../../src/chat/tools/mcp-failure';

const fresh = { initialized: false, sawSessionId: false };
const initializedWithoutSession = { initialized: true, sawSessionId: false };
const httpError = (code: number) => Object.assign(new Error(`HTTP ${code}`), { code });

describe('reasonForStatus', () => {
  it.each([
    [401, fresh, 'unauthorized'],
    [403, fresh, 'forbidden'],
    [404, fresh, 'not-found'],
    [405, fresh, 'not-mcp'],
    [400, fresh, 'not-mcp'],
    // Initialize worked, but its session id was unreadable (not exposed): the next request was refused.
    [400, initializedWithoutSession, 'session-id-hidden'],
    [400, { initialized: true, sawSessionId: true }, 'not-mcp'],
    [502, fresh, 'server-error'],
    [418, fresh, 'unknown'],
  ] as const)('%i after %j → %s', (status, log, reason) => {
    expect(reasonForStatus(status, log)).toBe(reason);
  });
});

describe('suggestsOldTransport', () => {
  it.each([
    [httpError(405), fresh, true],
    [httpError(404), fresh, true],
    [httpError(400), fresh, true],
    [httpError(401), fresh, false],
    [httpError(500), fresh, false],
    // After a successful initialize the server speaks the new transport: no fallback.
    [httpError(400), initializedWithoutSession, false],
    [new TypeError('Failed to fetch'), fresh, false],
  ])('%s after %j → %s', (error, log, expected) => {
    expect(suggestsOldTransport(error, log)).toBe(expected);
  });
});
