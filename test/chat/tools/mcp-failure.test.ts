// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { diagnoseMcpFailure, isLocalNetworkCall, reasonForStatus, suggestsOldTransport } from '../../../src/chat/mcp/mcp-failure';

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

describe('Local Network Access', () => {
  it('is asked for when a page on the internet calls this machine or the local network', () => {
    const page = 'https://parley.example.com/chat/1';
    for (const url of ['http://localhost:3000/mcp', 'http://127.0.0.1:8931/mcp', 'http://192.168.1.20/mcp', 'http://10.0.0.5/mcp', 'http://172.20.1.1/mcp', 'http://nas.local/mcp', 'http://[::1]:3000/mcp']) {
      expect(isLocalNetworkCall(url, page)).toBe(true);
    }
    // Public servers, and a page that is itself local, are not asked about.
    expect(isLocalNetworkCall('https://mcp.example.org/mcp', page)).toBe(false);
    expect(isLocalNetworkCall('http://172.32.0.1/mcp', page)).toBe(false);
    expect(isLocalNetworkCall('http://localhost:3000/mcp', 'http://localhost:4173/')).toBe(false);
    expect(isLocalNetworkCall('http://localhost:3000/mcp', undefined)).toBe(false);
  });

  it('explains an unanswered local call from a public page as the permission prompt, and otherwise as down or CORS', async () => {
    const noAnswer = new TypeError('Failed to fetch');
    const log = { initialized: false, sawSessionId: false };
    const url = 'http://localhost:3000/mcp';
    expect((await diagnoseMcpFailure(noAnswer, url, log, async () => false, 'https://parley.example.com/')).reason).toBe('local-network');
    expect((await diagnoseMcpFailure(noAnswer, url, log, null, 'https://parley.example.com/')).reason).toBe('local-network');
    expect((await diagnoseMcpFailure(noAnswer, url, log, async () => false, 'http://localhost:4173/')).reason).toBe('down');
    // The probe got through: the permission was given, the server lacks CORS headers.
    expect((await diagnoseMcpFailure(noAnswer, url, log, async () => true, 'https://parley.example.com/')).reason).toBe('cors');
  });
});
