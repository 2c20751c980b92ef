import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetIcons, setIconFetch } from '../../src/ui/icon';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on two cores shared by the run's
// workers, a lazy chunk's import or an IndexedDB round trip can take longer than a second, and a
// test would fail for the machine's load, not for what it checks (no test waits for an absence).
configure({ asyncUtilTimeout: 5_000 });

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
