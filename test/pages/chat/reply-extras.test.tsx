import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/chat';
import { ReplyNotes } from '../../../src/pages/chat/message/reply-notes';
import { TOOL_ARGUMENTS_OPEN_MAX_LINES, ToolCallList } from '../../../src/pages/chat/tools/tool-call-list';

describe('ToolCallList', () => {
  it('says which tool the model asked for, with its arguments pretty-printed as text in a disclosure', () => {
    render(<ToolCallList calls={[{ index: 0, id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris","unit":"°C"}' }]} />);
    const group = screen.getByRole('group', { name: 'Tool call' });
    const summary = within(group).getByText('The model asked to call get_weather with');
    const details = summary.closest('details')!;
    expect(details.open).toBe(true);
    expect(details.querySelector('pre')!.textContent).toBe('{\n  "location": "Paris",\n  "unit": "°C"\n}');
    expect(within(group).getByText('Tools are off in this chat: the call is shown, not made.')).toBeTruthy();
  });

  it('shows markup in arguments as text, never as HTML', () => {
    const { container } = render(<ToolCallList calls={[{ index: 0, name: 'x', arguments: '{"html":"<img src=x onerror=alert(1)>"}' }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('pre')!.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('arguments cut off mid-stream are shown as written; no arguments are said in words; long ones start folded', () => {
    const long = JSON.stringify(Object.fromEntries(Array.from({ length: TOOL_ARGUMENTS_OPEN_MAX_LINES + 1 }, (_, i) => [`k${i}`, i])));
    render(
      <ToolCallList
        calls={[
          { index: 0, name: 'search', arguments: '{"query": "par' },
          { index: 1, name: 'get_time', arguments: '{}' },
          { index: 2, name: 'bulk', arguments: long },
        ]}
      />,
    );
    expect(screen.getByText('{"query": "par')).toBeTruthy();
    expect(screen.getByText('The model asked to call get_time with no arguments')).toBeTruthy();
    expect(screen.getByText('The model asked to call bulk with').closest('details')!.open).toBe(false);
  });

  it('renders nothing without calls', () => {
    const { container } = render(<ToolCallList calls={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

type Facts = Pick<Message, 'status' | 'content' | 'finishReason' | 'maxTokens' | 'skippedEvents' | 'errorReason'>;
const notesOf = (facts: Facts) => {
  render(<ReplyNotes message={facts} />);
  return within(screen.getByRole('list', { name: 'Notes on this reply' }))
    .getAllByRole('listitem')
    .map((item) => [item.dataset.kind, item.textContent]);
};

describe('ReplyNotes', () => {
  it('a length stop with no answer says the limit was reached and to raise Maximum tokens when it was set', () => {
    expect(notesOf({ status: 'complete', content: '', finishReason: 'length', maxTokens: 256 })).toEqual([
      ['length', 'The length limit was reached before any answer: the model spent it all thinking. Raise Maximum tokens (now 256) in Chat settings, or leave it empty so the server decides.'],
    ]);
  });

  it('with Maximum tokens empty, it says the server’s own limit did it', () => {
    const notes = notesOf({ status: 'complete', content: 'Partial', finishReason: 'length' });
    expect(notes).toHaveLength(1);
    const text = notes[0]![1];
    expect(text).toContain('The reply stopped at the length limit.');
    expect(text).toContain('server’s own limit');
    expect(text).not.toContain('Raise Maximum tokens');
  });

  it('counts the malformed events skipped', () => {
    expect(notesOf({ status: 'complete', content: 'x', finishReason: 'stop', skippedEvents: 3 })).toEqual([['skipped', '3 malformed events skipped']]);
  });

  it('says nothing while streaming, nor for a plain reply', () => {
    const { container, rerender } = render(<ReplyNotes message={{ status: 'streaming', content: '', finishReason: 'length', skippedEvents: 1 }} />);
    expect(container.innerHTML).toBe('');
    rerender(<ReplyNotes message={{ status: 'complete', content: 'x', finishReason: 'stop' }} />);
    expect(container.innerHTML).toBe('');
  });
});
