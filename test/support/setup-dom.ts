import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetIcons, setIconFetch } from '../../src/ui/icon';

// Unit tests never reach the network: icons outside the bundle answer 424 unless a test
// injects its own transport.
beforeEach(() => {
  resetIcons();
  setIconFetch(null);
});

// Testing Library only auto-cleans when the runner exposes globals; we keep globals off.
afterEach(() => {
  cleanup();
});
