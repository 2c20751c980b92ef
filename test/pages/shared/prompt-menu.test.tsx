import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetLibraryStore } from '../../../src/chat/library';
import PromptMenu from '../../../src/pages/shared/prompts/prompt-menu';
import { filterPrompts } from '../../../src/pages/shared/prompts/prompt-filter';
import { memoryLibrary, promptRow } from '../../support/library-memory';
import { createTextSource } from '../../support/text-source';
import { useTextValue } from '../../../src/lib/text-source';

const NOW = new Date(2026, 10, 27, 9, 30);

/** A message box with the menu beside it while its text starts with `/`, as the pages have it. */
function Box({ readClipboard, initial = '' }: { readClipboard?: () => Promise<string>; initial?: string }) {
  const [source] = useState(() => createTextSource(initial));
  const text = useTextValue(source, (value) => value ?? '');
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <main>
      <form className="composer">
        <label htmlFor="box">Message</label>
        <textarea id="box" ref={ref} value={text} onChange={(event) => source.set(event.target.value)} />
      </form>
      {text.startsWith('/') && <PromptMenu text={source} inputRef={ref} readClipboard={readClipboard} now={() => NOW} />}
    </main>
  );
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
const optionNames = () => screen.queryAllByRole('option').map((option) => option.querySelector('.prompt-menu__name')?.textContent);
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

async function typeInBox(text: string) {
  box().focus();
  fireEvent.change(box(), { target: { value: text } });
  await screen.findByRole('listbox', { name: 'Saved prompts' });
}

const LIBRARY = [
  promptRow('p-sum', 'Summarise', 'Summarise in {{length}}:\n\n{{text}}'),
  promptRow('p-greet', 'Greeting', 'Hello there, how are you?'),
  promptRow('p-clip', 'Explain clipboard', 'Explain this: {{clipboard}}'),
  promptRow('p-sel', 'Proofread', 'Proofread {{selection}}'),
];

afterEach(() => {
  cleanup();
  resetLibraryStore();
});

describe('which prompts / lists', () => {
  it('filters by what follows the slash: names starting with it first, then words, then the text', () => {
    const prompts = [promptRow('a', 'Write an email', 'Dear {{name}}'), promptRow('b', 'Emails summary', 'x'), promptRow('c', 'Review', 'Check the email')];
    expect(filterPrompts(prompts as never, 'email').map((p) => p.name)).toEqual(['Emails summary', 'Write an email', 'Review']);
    expect(filterPrompts(prompts as never, 'ÉMAILS').map((p) => p.name)).toEqual(['Emails summary']);
    expect(filterPrompts(prompts as never, '').map((p) => p.name)).toEqual(['Write an email', 'Emails summary', 'Review']);
    expect(filterPrompts(prompts as never, 'nothing')).toEqual([]);
    // Inside a word of the text is not a match ("understanding" is not "stand").
    expect(filterPrompts([promptRow('d', 'Explain', 'check my understanding')] as never, 'stand')).toEqual([]);
  });
});

describe('the / menu', () => {
  it('/sum filters to Summarise while the box keeps focus, and names the active option on the box', async () => {
    memoryLibrary(LIBRARY);
    render(<Box />);
    await typeInBox('/');
    expect(optionNames()).toEqual(['Explain clipboard', 'Greeting', 'Proofread', 'Summarise']);
    fireEvent.change(box(), { target: { value: '/sum' } });
    expect(optionNames()).toEqual(['Summarise']);
    expect(document.activeElement).toBe(box());
    const option = screen.getByRole('option', { name: /Summarise/ });
    expect(box().getAttribute('aria-activedescendant')).toBe(option.id);
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(option.getAttribute('aria-selected')).toBe('true');
  });

  it('↓ and ↑ move the active prompt (wrapping), Enter inserts one without variables in place of /query, unsent, caret at the end', async () => {
    memoryLibrary(LIBRARY);
    render(<Box />);
    await typeInBox('/');
    const active = () => screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true')?.textContent;
    expect(active()).toMatch(/^Explain clipboard/);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(active()).toMatch(/^Greeting/);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(active()).toMatch(/^Summarise/);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Greeting/ }).id);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('Hello there, how are you?');
    await nextFrame();
    expect(document.activeElement).toBe(box());
    expect([box().selectionStart, box().selectionEnd]).toEqual([25, 25]);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('Escape closes the list and leaves the text; typing on keeps it closed', async () => {
    memoryLibrary(LIBRARY);
    render(<Box />);
    await typeInBox('/gr');
    const escape = fireEvent.keyDown(box(), { key: 'Escape' });
    expect(escape).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box(), { target: { value: '/gre' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().value).toBe('/gre');
    // Enter is the box's again (a form's submit would send).
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(true);
  });

  it('a tap on a prompt inserts it, and a press on it does not take focus from the box', async () => {
    memoryLibrary(LIBRARY);
    render(<Box />);
    await typeInBox('/');
    const option = screen.getByRole('option', { name: /Greeting/ });
    expect(fireEvent.pointerDown(option)).toBe(false);
    fireEvent.click(option);
    expect(box().value).toBe('Hello there, how are you?');
  });

  it('says so when nothing matches, and lets Enter through', async () => {
    memoryLibrary(LIBRARY);
    render(<Box />);
    await typeInBox('/');
    fireEvent.change(box(), { target: { value: '/zzz' } });
    expect(screen.getByText('No prompt matches “zzz”.')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().hasAttribute('aria-controls')).toBe(false);
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(true);
  });
});

describe('the variables form', () => {
  it('asks for each variable in a labelled field; Enter moves on and inserts from the last; the box gets the filled text', async () => {
    memoryLibrary(LIBRARY);
    render(<Box />);
    await typeInBox('/sum');
    fireEvent.keyDown(box(), { key: 'Enter' });
    const form = await screen.findByRole('dialog', { name: 'Summarise' });
    expect(box().value).toBe('/sum');
    const length = screen.getByLabelText<HTMLTextAreaElement>('length');
    const text = screen.getByLabelText<HTMLTextAreaElement>('text');
    expect(document.activeElement).toBe(length);
    fireEvent.change(length, { target: { value: 'two lines' } });
    fireEvent.keyDown(length, { key: 'Enter' });
    expect(document.activeElement).toBe(text);
    expect(form.isConnected).toBe(true);
    fireEvent.change(text, { target: { value: 'Line one\nLine two' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    await waitFor(() => expect(box().value).toBe('Summarise in two lines:\n\nLine one\nLine two'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await nextFrame();
    expect(document.activeElement).toBe(box());
  });

  it('Escape cancels: the text stays as typed and focus goes back to the box', async () => {
    memoryLibrary(LIBRARY);
    render(<Box />);
    await typeInBox('/sum');
    fireEvent.keyDown(box(), { key: 'Enter' });
    const length = await screen.findByLabelText('length');
    fireEvent.keyDown(length, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box().value).toBe('/sum');
    await nextFrame();
    expect(document.activeElement).toBe(box());
  });

  it('reads the clipboard only on Insert, and puts its text in', async () => {
    memoryLibrary(LIBRARY);
    let reads = 0;
    render(<Box readClipboard={async () => (reads++, 'copied words')} />);
    await typeInBox('/explain');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await screen.findByRole('dialog', { name: 'Explain clipboard' });
    expect(reads).toBe(0);
    expect(screen.getByText(/clipboard’s text goes in when you insert/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(box().value).toBe('Explain this: copied words'));
    expect(reads).toBe(1);
  });

  it('a refused clipboard is said in the form and asked for as a field instead, never a failure', async () => {
    memoryLibrary(LIBRARY);
    render(<Box readClipboard={() => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError'))} />);
    await typeInBox('/explain');
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Insert' }));
    const field = await screen.findByLabelText<HTMLTextAreaElement>('clipboard');
    expect(screen.getByRole('alert').textContent).toMatch(/could not read the clipboard/);
    expect(box().value).toBe('/explain');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'typed instead' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(box().value).toBe('Explain this: typed instead'));
  });

  it('{{date}} is filled by Parley, and {{selection}} is asked for when nothing was selected', async () => {
    memoryLibrary([promptRow('d', 'Dated', 'On {{date}}: {{selection}}')]);
    render(<Box />);
    await typeInBox('/dated');
    fireEvent.keyDown(box(), { key: 'Enter' });
    const selection = await screen.findByLabelText<HTMLTextAreaElement>('selection');
    expect(screen.getByText('Nothing was selected in the chat: type the text here.')).toBeTruthy();
    expect(screen.queryByLabelText('date')).toBeNull();
    fireEvent.change(selection, { target: { value: 'my words' } });
    fireEvent.keyDown(selection, { key: 'Enter' });
    await waitFor(() => expect(box().value).toBe(`On ${NOW.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}: my words`));
  });
});
