import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeSlotContext, Markdown, resetMarkdown, type CodeSlotProps } from '../../../../src/markdown';
import { AssistantContent } from '../../../../src/pages/chat/message/assistant-content';
import { settle } from '../../../markdown/render-helpers';

// Issue 36: markdown's code slot, filled by the chat page. Markdown knows nothing of previews; the
// page's slot gives a finished html or svg block a Preview toggle, never a half-written one.

const FENCE = '```';
const HTML = '<p>Hello</p>';
const block = (language: string, code = HTML) => `${FENCE}${language}\n${code}\n${FENCE}\n`;
const preview = () => screen.queryAllByRole('button', { name: /^Preview/ });

beforeEach(() => {
  // A frame's document is never fetched in a unit test.
  (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }).happyDOM.settings.disableIframePageLoading = true;
});
afterEach(() => {
  resetMarkdown();
});

describe('markdown’s code slot', () => {
  it('passes each block’s code, language and state, and lays out the actions and view it returns', async () => {
    const seen: string[] = [];
    function Slot({ code, language, finished, children }: CodeSlotProps) {
      seen.push(`${language}:${finished}:${code}`);
      return children({ actions: <button type="button">Extra</button>, view: language === 'txt' ? <p>In place of the code</p> : undefined });
    }
    render(
      <CodeSlotContext.Provider value={Slot}>
        <Markdown text={`${block('js', 'let a;')}\n${block('txt', 'plain')}`} streaming={false} />
      </CodeSlotContext.Provider>,
    );
    await settle();
    expect(seen).toContain('js:true:let a;');
    expect(seen).toContain('txt:true:plain');
    expect(screen.getAllByRole('button', { name: 'Extra' })).toHaveLength(2);
    expect(screen.getByText('In place of the code')).toBeTruthy();
    // The view stands in the code's place: the txt block's code is not shown.
    expect(screen.queryByText('plain')).toBeNull();
    // Read as the block's text: once the highlighter has loaded (it may, on a busy machine), the code is split into spans.
    expect([...document.querySelectorAll('.markdown__code pre')].map((pre) => pre.textContent)).toContain('let a;');
  });

  it('renders plain code blocks when no page fills the slot', async () => {
    render(<Markdown text={block('html')} streaming={false} />);
    await settle();
    expect(preview()).toEqual([]);
    expect(screen.getByRole('button', { name: /Copy html code/ })).toBeTruthy();
  });
});

describe('the chat page’s Preview', () => {
  it('never shows while the block is still being written, and shows once it has closed', async () => {
    const { rerender } = render(<AssistantContent text={`Here:\n\n${FENCE}html\n<p>Hel`} streaming />);
    await settle();
    expect(preview()).toEqual([]);
    rerender(<AssistantContent text={`Here:\n\n${FENCE}html\n${HTML}\n`} streaming />);
    await settle();
    expect(preview()).toEqual([]);
    // Closed while the reply still streams after it: the block is finished.
    rerender(<AssistantContent text={`Here:\n\n${block('html')}\nAnd more`} streaming />);
    await settle();
    expect(preview()).toHaveLength(1);
    rerender(<AssistantContent text={`Here:\n\n${block('html')}\nAnd more.`} streaming={false} />);
    await settle();
    expect(preview()).toHaveLength(1);
  });

  it('is offered for html and svg blocks only', async () => {
    const text = [block('html'), block('svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'), block('js', 'alert(1)'), block('', '<p>no language</p>'), block('xml', '<a/>')].join('\n');
    render(<AssistantContent text={text} streaming={false} />);
    await settle();
    expect(preview().map((button) => button.getAttribute('aria-label'))).toEqual(['Preview HTML', 'Preview SVG']);
  });

  it('toggles between the code and the preview, pressed state told', async () => {
    const { container } = render(<AssistantContent text={block('html')} streaming={false} />);
    await settle();
    const button = screen.getByRole('button', { name: 'Preview HTML' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('Preview');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    // The preview (its frame comes once on screen: artifact-frame.test.tsx) in the code's place.
    await waitFor(() => expect(container.querySelector('.artifact')).not.toBeNull());
    expect(container.querySelector('pre')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(container.querySelector('.artifact')).toBeNull();
    expect(container.querySelector('pre code')?.textContent).toBe(HTML);
  });

  it('comes back as it was left when its message is rendered again (a long chat renders only what is near the screen)', async () => {
    const first = render(<AssistantContent text={block('html')} streaming={false} messageId="reply-1" />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Preview HTML' }));
    first.unmount();
    render(<AssistantContent text={block('html')} streaming={false} messageId="reply-1" />);
    await settle();
    expect(screen.getByRole('button', { name: 'Preview HTML' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps that apart per reply: the same code in another reply starts as code', async () => {
    render(<AssistantContent text={block('html', '<p>Other</p>')} streaming={false} messageId="reply-2" />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Preview HTML' }));
    render(<AssistantContent text={block('html', '<p>Other</p>')} streaming={false} messageId="reply-3" />);
    await settle();
    expect(screen.getAllByRole('button', { name: 'Preview HTML' }).map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
  });
});
