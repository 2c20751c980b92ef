import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchOption } from '../../src/app/search-palette/search-option';

const snippet = { before: 'the ', match: 'quokka', after: ' smiled' };

describe('a search result row', () => {
  it('names the attached file a hit was found in, as text', () => {
    render(
      <ul role="listbox" aria-label="Results">
        <SearchOption active={false} option={{ chatId: 'c', title: 'Trip', kind: 'message', messageId: 'm', snippet, fileName: '<b>notes</b>.txt' }} />
      </ul>,
    );
    const option = screen.getByRole('option');
    expect(option.textContent).toBe('TripIn <b>notes</b>.txt: the quokka smiled');
    expect(option.querySelector('b')).toBeNull();
  });

  it('shows only the words around a hit in the message itself', () => {
    render(
      <ul role="listbox" aria-label="Results">
        <SearchOption active={false} option={{ chatId: 'c', title: 'Trip', kind: 'message', messageId: 'm', snippet }} />
      </ul>,
    );
    expect(screen.getByRole('option').textContent).toBe('Tripthe quokka smiled');
  });
});
