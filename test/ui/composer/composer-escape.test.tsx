import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer, COMPOSER_INPUT_SELECTOR } from '../../../src/ui/composer';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';
import { createTextSource } from '../../support/text-source';

beforeEach(() => resetDefaultTooltipStore());

/** A page with the composer inside an element that records the Escapes reaching it (a drawer, the page). */
function setup(streaming: boolean) {
  const onStop = vi.fn();
  const reachedPage = vi.fn();
  function Page() {
    const [text] = useState(() => createTextSource('Half a thought'));
    return (
      <div onKeyDown={(event) => event.key === 'Escape' && reachedPage(event.defaultPrevented)}>
        <Composer label="Message" text={text} onSubmit={() => {}} streaming={streaming} onStop={onStop} />
      </div>
    );
  }
  render(<Page />);
  const textbox = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  textbox.focus();
  return { textbox, onStop, reachedPage };
}

describe('Composer Escape', () => {
  it('stops the streaming reply and keeps focus and text in the box', () => {
    const { textbox, onStop, reachedPage } = setup(true);
    const notPrevented = fireEvent.keyDown(textbox, { key: 'Escape' });
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(notPrevented).toBe(false);
    // Marked as used, so a drawer or dialog behind it doesn't close on the same key.
    expect(reachedPage).toHaveBeenCalledWith(true);
    expect(document.activeElement).toBe(textbox);
    expect(textbox.value).toBe('Half a thought');
  });

  it('does nothing while no reply streams, and leaves the Escape to others', () => {
    const { textbox, onStop, reachedPage } = setup(false);
    const notPrevented = fireEvent.keyDown(textbox, { key: 'Escape' });
    expect(onStop).not.toHaveBeenCalled();
    expect(notPrevented).toBe(true);
    expect(reachedPage).toHaveBeenCalledWith(false);
    expect(textbox.value).toBe('Half a thought');
  });

  it('leaves the Escape that cancels an input method composition alone', () => {
    const { textbox, onStop } = setup(true);
    fireEvent.compositionStart(textbox);
    const notPrevented = fireEvent.keyDown(textbox, { key: 'Escape', isComposing: true });
    expect(onStop).not.toHaveBeenCalled();
    expect(notPrevented).toBe(true);
  });

  it('is found by COMPOSER_INPUT_SELECTOR', () => {
    const { textbox } = setup(false);
    expect(document.querySelector(COMPOSER_INPUT_SELECTOR)).toBe(textbox);
  });
});
