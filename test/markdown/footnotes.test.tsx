import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n';
import { Markdown, resetMarkdown } from '../../src/markdown';
import { scanFootnotes } from '../../src/markdown/footnote-syntax';

afterEach(() => resetMarkdown());

const REPLY = [
  'Rust is memory safe[^safety] and fast.[^speed] Safety again[^SAFETY].',
  '',
  'Unknown notes stay text: [^nothing].',
  '',
  '[^speed]: Benchmarks vary; see *the game*.',
  '[^safety]: Without `unsafe`,',
  'in safe code.',
].join('\n');

function notesOf(container: HTMLElement) {
  return within(container.querySelector('.markdown__footnotes')!).getAllByRole('listitem');
}

describe('GFM footnotes', () => {
  it('numbers references by first use and links them to notes at the end', () => {
    const { container } = render(<Markdown text={REPLY} />);
    const refs = screen.getAllByRole('link', { name: /^Footnote / });
    expect(refs.map((ref) => ref.textContent)).toEqual(['1', '2', '1']);
    expect(refs[0]!.closest('sup')).not.toBeNull();
    // A named list, not a landmark: each reply's notes would be another "Footnotes" region (axe: landmark-unique).
    const section = screen.getByRole('list', { name: t('markdown.footnotes.label') });
    expect(screen.queryByRole('region')).toBeNull();
    const notes = notesOf(container);
    expect(notes.map((note) => note.textContent!.replace('↩', '').trim())).toEqual(['Without unsafe,\nin safe code.', 'Benchmarks vary; see the game.']);
    expect(section.querySelector('em')?.textContent).toBe('the game');
    // Each reference points at its note's id.
    expect(refs[1]!.getAttribute('href')).toBe(`#${notes[1]!.id}`);
    expect(container.textContent).toContain('[^nothing]');
    // The definitions are not shown where they were written.
    expect(container.querySelector('.markdown__footnotes')!.previousElementSibling!.textContent).not.toContain('Benchmarks');
  });

  it('keeps two replies’ notes apart on one page', () => {
    render(
      <>
        <Markdown text={REPLY} />
        <Markdown text={REPLY} />
      </>,
    );
    const ids = [...document.querySelectorAll('.markdown__footnotes li')].map((li) => li.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('moves focus to the note and back to the reference', () => {
    const { container } = render(<Markdown text={REPLY} />);
    const [first] = screen.getAllByRole('link', { name: 'Footnote 1' });
    fireEvent.click(first!);
    const note = notesOf(container)[0]!;
    expect(document.activeElement).toBe(note);
    fireEvent.click(within(note).getByRole('button', { name: t('markdown.footnotes.back', { n: 1 }) }));
    expect(document.activeElement).toBe(first);
  });

  it('ends streaming with the same notes as the whole text', () => {
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (let end = 1; end <= REPLY.length; end += 3) rerender(<Markdown text={REPLY.slice(0, end)} streaming />);
    rerender(<Markdown text={REPLY} />);
    const streamed = container.innerHTML;
    const whole = render(<Markdown text={REPLY} />).container.innerHTML;
    // The id prefix differs per instance; everything else is the same.
    const withoutIds = (html: string) => html.replace(/(id|href|aria-labelledby)="[^"]*"/g, '');
    expect(withoutIds(streamed)).toBe(withoutIds(whole));
  });

  it('scans a block’s references and definitions without lexing', () => {
    const scan = scanFootnotes('a[^1] b[^Two]\n\n[^1]: one\n[^two]: two\n  more');
    expect(scan.refs).toEqual(['1', 'two']);
    expect([...scan.definitions]).toEqual([
      ['1', 'one'],
      ['two', 'two\n  more'],
    ]);
  });
});
