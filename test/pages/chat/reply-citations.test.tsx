// A reply's citations as a person meets them (issue 37): numbered chips that are links named by
// their source, the Sources list, the search steps; hostile sources stay text and go nowhere.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Citation, Message } from '../../../src/chat';
import { CitedReply, SearchSteps } from '../../../src/pages/chat/message/reply-citations';
import { TooltipProvider } from '../../../src/ui/tooltip';

function renderReply(content: string, citations: Citation[] | unknown[], turnSources: Citation[] = []) {
  const message: Message = { id: 'a1', chatId: 'c1', parentId: 't1', role: 'assistant', content, status: 'complete', createdAt: 0, citations: citations as Citation[] };
  return render(
    <TooltipProvider>
      <CitedReply message={message} turnSources={turnSources} />
    </TooltipProvider>,
  );
}

describe('citation chips and Sources', () => {
  it('each chip is a link to its source, named by number and title, at the cited place', () => {
    const content = 'Rust 1.80 is out ([blog](https://blog.rust-lang.org/1.80)). LazyCell is stable.';
    const { container } = renderReply(content, [
      { url: 'https://blog.rust-lang.org/1.80', title: 'Announcing Rust 1.80', start: 17, end: 58 },
      { url: 'https://doc.rust-lang.org/std/cell/struct.LazyCell.html', title: 'LazyCell', start: 60, end: content.length },
    ]);
    const first = screen.getByRole('link', { name: 'Source 1: Announcing Rust 1.80' });
    expect(first.getAttribute('href')).toBe('https://blog.rust-lang.org/1.80');
    expect(first.getAttribute('rel')).toBe('noopener noreferrer');
    expect(first.textContent).toBe('1');
    // The link the model wrote is replaced by the chip, not shown beside it.
    expect(container.querySelector('.markdown')!.textContent).toBe('Rust 1.80 is out 1. LazyCell is stable.2');
    const sources = screen.getByRole('group', { name: 'Sources' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1Announcing Rust 1.80blog.rust-lang.org', '2LazyCelldoc.rust-lang.org']);
  });

  it('hostile sources: no javascript link anywhere, markup and bidi controls in titles are plain text', () => {
    const content = 'Claim one. Claim two.';
    const { container } = renderReply(content, [
      { url: 'javascript:alert(1)', title: 'Click', start: 0, end: 10 },
      { url: 'https://evil.example/', title: '<img src=x onerror=alert(1)>\u202Etxt.exe', start: 0, end: 10 },
      { url: 'https://past.example/', title: 'Past the end', start: 11, end: 999 },
    ]);
    expect(container.querySelector('img')).toBeNull();
    for (const link of container.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^https:/);
    expect(screen.getByRole('link', { name: 'Source 1: <img src=x onerror=alert(1)> txt.exe' })).toBeTruthy();
    // The source past the text has no chip but is listed.
    expect(container.querySelectorAll('.citation-chip')).toHaveLength(1);
    expect(within(screen.getByRole('group', { name: 'Sources' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a reply under search results with no citations yet cites them by its [n]; with none it is plain text', () => {
    const { container } = renderReply('One [1], two [2].', [], [{ url: 'https://one.example/', title: 'One' }, { url: 'https://two.example/' }]);
    expect(container.querySelector('.markdown')!.textContent).toBe('One 1, two 2.');
    expect(screen.getByRole('link', { name: 'Source 1: One' }).getAttribute('href')).toBe('https://one.example/');
    renderReply('Nothing cited [1].', []);
    expect(screen.getAllByRole('group', { name: 'Sources' })).toHaveLength(1);
  });

  it('a long list shows five until asked for all', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ url: `https://s${i}.example/`, title: `S${i}` }));
    renderReply('Text.', many);
    const sources = screen.getByRole('group', { name: 'Sources' });
    expect(within(sources).getAllByRole('listitem')).toHaveLength(5);
    const more = within(sources).getByRole('button', { name: 'Show all 8 sources' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(sources).getAllByRole('listitem')).toHaveLength(8);
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('SearchSteps', () => {
  it('says what was searched, how many results, what it is searching and why one failed', () => {
    render(
      <SearchSteps
        steps={[
          { id: '1', status: 'done', query: 'rust 1.80 release', results: 8 },
          { id: '2', status: 'searching', query: 'LazyCell' },
          { id: '3', status: 'failed', error: 'max_uses_exceeded' },
          { id: '4', status: 'done', url: 'https://www.example.com/page' },
          { id: '5', status: 'done', url: 'javascript:alert(1)' },
        ]}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Web searches' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Searched: “rust 1.80 release” · 8 results',
      'Searching: “LazyCell”…',
      'Search failed: max_uses_exceeded',
      'Opened example.com',
      'Searched the web',
    ]);
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['done', 'searching', 'failed', 'done', 'done']);
  });
});
