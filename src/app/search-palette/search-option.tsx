import { isolatedName } from '../../lib/bidi-controls';
import type { ComponentPropsWithRef } from 'react';
import type { Snippet } from '../../chat';
import { t } from './search-text';

/** One row of the palette's listbox: the chat's title and, for a message hit, the words around it. */

export interface PaletteOption {
  readonly chatId: string;
  readonly title: string;
  /** What matched: the title, a message, or nothing (a recent chat shown for an empty query). */
  readonly kind: 'recent' | 'title' | 'message';
  readonly snippet?: Snippet;
  /** For a message hit: the message the chat opens at. */
  readonly messageId?: string;
  /** For a hit inside a file attached to that message: the file's name. */
  readonly fileName?: string;
}

/** The hit emphasised in its context; text nodes only, so nothing in a chat can become markup. */
export function Highlighted({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.before}
      <mark className="search-option__mark">{snippet.match}</mark>
      {snippet.after}
    </>
  );
}

export interface SearchOptionProps extends Omit<ComponentPropsWithRef<'li'>, 'children'> {
  option: PaletteOption;
  active: boolean;
}

export function SearchOption({ option, active, className, ...rest }: SearchOptionProps) {
  const titleSnippet = option.kind === 'title' ? option.snippet : undefined;
  const messageSnippet = option.kind === 'message' ? option.snippet : undefined;
  return (
    <li
      role="option"
      aria-selected={active}
      {...rest}
      className={['search-option', className].filter(Boolean).join(' ')}
      data-kind={option.kind}
    >
      <span className="search-option__title">{titleSnippet ? <Highlighted snippet={titleSnippet} /> : option.title}</span>
      {messageSnippet && (
        <span className="search-option__snippet">
          {option.fileName !== undefined && <span className="search-option__file">{t('search.inFile', { name: isolatedName(option.fileName) })} </span>}
          <Highlighted snippet={messageSnippet} />
        </span>
      )}
    </li>
  );
}
