// The Sources under a reply that cites (issue 37): numbered as its chips are, each a link with its
// title and real domain. A long list shows its first few until asked for all.
import { useId, useState } from 'react';
import { domainOf, type NumberedSource } from '../../../chat/shapes/citations';
import { t } from '../chat-text';
import { tn } from '../../../i18n/plural';

/** Shown before "Show all": a reply citing thirty pages keeps its footer in reach. */
const FIRST_SOURCES = 5;

export function ReplySources({ sources }: { sources: readonly NumberedSource[] }) {
  const [all, setAll] = useState(false);
  const headingId = useId();
  const listId = useId();
  if (sources.length === 0) return null;
  const shown = all ? sources : sources.slice(0, FIRST_SOURCES);
  return (
    // A group, not a landmark or a heading: every reply that cites has one, and the thread's outline is its messages.
    <div className="reply-sources" role="group" aria-labelledby={headingId}>
      <p className="reply-sources__heading" id={headingId}>
        {t('citations.sources')}
      </p>
      <ol className="reply-sources__list" id={listId}>
        {shown.map((source) => {
          const domain = domainOf(source.url);
          return (
            <li key={source.number} className="reply-sources__item" value={source.number}>
              <a className="reply-sources__link" href={source.url} target="_blank" rel="noopener noreferrer" data-source={source.number}>
                <span className="reply-sources__number" aria-hidden="true">
                  {source.number}
                </span>
                <span className="reply-sources__title" dir="auto">
                  {source.title ?? domain}
                </span>
                <span className="reply-sources__domain">{domain}</span>
              </a>
            </li>
          );
        })}
      </ol>
      {sources.length > FIRST_SOURCES && (
        <button type="button" className="reply-sources__more" aria-expanded={all} aria-controls={listId} onClick={() => setAll((value) => !value)}>
          {all ? t('citations.showFewer') : tn('citations.showAll', sources.length)}
        </button>
      )}
    </div>
  );
}
