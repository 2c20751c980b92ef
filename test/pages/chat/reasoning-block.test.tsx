import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/chat';
import { ReasoningBlock } from '../../../src/pages/chat/message/reasoning-block';

type Shown = Pick<Message, 'reasoning' | 'content' | 'status' | 'timing'>;

const thinking = (reasoning: string): Shown => ({ reasoning, content: '', status: 'streaming' });
const answering: Shown = { reasoning: 'Let me think. Done.', content: 'The answer', status: 'streaming' };
const finished: Shown = { reasoning: 'Let me think. Done.', content: 'The answer', status: 'complete' };

function mount(message: Shown) {
  const view = render(<ReasoningBlock message={message} />);
  const details = () => view.container.querySelector('details')!;
  return { ...view, details };
}

/** The reader opens or closes it, as a click on the summary does: the element changes, then `toggle` fires. */
function readerSets(details: HTMLDetailsElement, open: boolean) {
  act(() => {
    details.open = open;
    fireEvent(details, new Event('toggle'));
  });
}

describe('ReasoningBlock', () => {
  it('is open while the model thinks, showing the reasoning as it grows, and folds away when the answer starts', () => {
    const { details, rerender } = mount(thinking('Let me'));
    expect(details().open).toBe(true);
    expect(details().dataset.state).toBe('thinking');
    expect(screen.getByText('Thinking…')).toBeTruthy();
    rerender(<ReasoningBlock message={thinking('Let me think.')} />);
    expect(details().open).toBe(true);
    expect(screen.getByText('Let me think.')).toBeTruthy();
    rerender(<ReasoningBlock message={answering} />);
    expect(details().open).toBe(false);
    expect(details().dataset.state).toBe('done');
  });

  it('starts closed for a finished reply', () => {
    const { details } = mount(finished);
    expect(details().open).toBe(false);
    expect(screen.getByText('Reasoning')).toBeTruthy();
  });

  it('stays closed once the reader closed it, though more reasoning arrives', () => {
    const { details, rerender } = mount(thinking('Let me'));
    readerSets(details(), false);
    rerender(<ReasoningBlock message={thinking('Let me think.')} />);
    expect(details().open).toBe(false);
    rerender(<ReasoningBlock message={answering} />);
    expect(details().open).toBe(false);
  });

  it('stays open when the answer starts if the reader opened it themselves', () => {
    const { details, rerender } = mount(thinking('Let me'));
    readerSets(details(), false);
    readerSets(details(), true);
    rerender(<ReasoningBlock message={answering} />);
    expect(details().open).toBe(true);
    rerender(<ReasoningBlock message={finished} />);
    expect(details().open).toBe(true);
  });

  it('shows a chevron beside the summary, hidden from assistive technology (the disclosure announces its state)', () => {
    const { container } = mount(finished);
    const chevron = container.querySelector('summary .reasoning__chevron')!;
    expect(chevron).toBeTruthy();
    expect(chevron.getAttribute('aria-hidden')).toBe('true');
  });
});
