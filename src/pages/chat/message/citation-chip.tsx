// A numbered chip where a reply cites a source (issue 37): a link to the page, named by its number and
// title; hover or keyboard focus shows the title, the real domain and the words cited.
import { createContext, useContext } from 'react';
import { domainOf } from '../../../chat/shapes/citations';
import type { CitationSlotProps } from '../../../markdown';
import { Tooltip } from '../../../ui/tooltip';
import { t } from '../chat-text';
import type { CitationMarkData } from './citation-marks';

/** The marks of the reply being rendered, by index (the markdown slot only knows the index). */
export const CitationMarksContext = createContext<readonly CitationMarkData[]>([]);

/** The bubble's lines: title, domain, the cited words (all plain text). */
function ChipDetails({ mark }: { mark: CitationMarkData }) {
  const { source } = mark;
  return (
    <span className="citation-chip__details">
      {source.title && <span className="citation-chip__title">{source.title}</span>}
      <span className="citation-chip__domain">{domainOf(source.url)}</span>
      {source.citedText && <span className="citation-chip__quote">“{source.citedText}”</span>}
    </span>
  );
}

export function CitationChip({ index, insideLink }: CitationSlotProps) {
  const mark = useContext(CitationMarksContext)[index];
  if (!mark) return null;
  const { source, number } = mark;
  // Inside a link's text another link cannot be: the number alone, as a reader of the list finds it.
  if (insideLink) return <sup className="citation-chip" data-state="plain">{number}</sup>;
  const label = source.title ? t('citations.chip', { n: number, title: source.title }) : t('citations.chipNoTitle', { n: number, domain: domainOf(source.url) });
  return (
    <Tooltip content={<ChipDetails mark={mark} />} side="top">
      <a className="citation-chip" href={source.url} target="_blank" rel="noopener noreferrer" aria-label={label} data-citation={number}>
        {number}
      </a>
    </Tooltip>
  );
}
