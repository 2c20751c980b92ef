// The chat page's keys: a chat key works unless a dialog is open, and a plain keystroke costs no document query.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { useChatHotkeys } from '../../../src/pages/chat/chat-hotkeys';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

const press = (init: KeyboardEventInit) => window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

function setup() {
  const actions = { 'copy-last-reply': vi.fn(), 'focus-composer': vi.fn() };
  renderHook(() => useChatHotkeys(actions));
  return actions;
}

describe('chat hotkeys', () => {
  it('Shift+Escape puts the cursor in the message box', () => {
    const actions = setup();
    press({ key: 'Escape', shiftKey: true });
    expect(actions['focus-composer']).toHaveBeenCalledTimes(1);
  });

  it('a dialog over the chat keeps its own keys', () => {
    const actions = setup();
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    press({ key: 'Escape', shiftKey: true });
    expect(actions['focus-composer']).not.toHaveBeenCalled();
  });

  it('typing a plain key does not search the document for a dialog (a 2,000-message thread makes that ~2 ms a key)', () => {
    const actions = setup();
    const query = vi.spyOn(document, 'querySelector');
    for (const key of 'hello') press({ key, code: `Key${key.toUpperCase()}` });
    expect(query).not.toHaveBeenCalled();
    expect(actions['copy-last-reply']).not.toHaveBeenCalled();
    expect(actions['focus-composer']).not.toHaveBeenCalled();
  });
});
