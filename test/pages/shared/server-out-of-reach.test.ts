import { describe, expect, it } from 'vitest';
import type { ConnectionsSnapshot } from '../../../src/chat/connections';
import { isOnThisDevice, serverOutOfReach } from '../../../src/pages/shared/use-server-out-of-reach';

describe('whether the model server is out of reach offline (issue 26)', () => {
  it.each([
    ['http://localhost:11434/v1', true],
    ['http://127.0.0.1:8080/v1', true],
    ['http://127.1.2.3/v1', true],
    ['http://[::1]:8080/v1', true],
    ['http://ollama.localhost/v1', true],
    ['http://192.168.1.20:8000/v1', false],
    ['https://api.openai.com/v1', false],
    ['not a url', false],
  ])('%s is on this device: %s', (url, local) => {
    expect(isOnThisDevice(url)).toBe(local);
  });

  const snapshot = {
    status: 'ready',
    connections: [
      { id: 'local', name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' },
      { id: 'cloud', name: 'OpenAI', kind: 'openai', baseUrl: 'https://api.openai.com/v1' },
    ],
  } as unknown as ConnectionsSnapshot;

  it('is out of reach only offline, and only for a server elsewhere', () => {
    expect(serverOutOfReach(snapshot, 'cloud/gpt-4o', false)).toBe(true);
    expect(serverOutOfReach(snapshot, 'cloud/gpt-4o', true)).toBe(false);
    expect(serverOutOfReach(snapshot, 'local/llama3', false)).toBe(false);
    // A model on no connection (the e2e build's own) never is.
    expect(serverOutOfReach(snapshot, undefined, false)).toBe(false);
  });
});
