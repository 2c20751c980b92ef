// The web searches a provider ran for a reply (issue 37), as steps above its text: "Searched:
// ‹query› · 8 results" once done, what it is searching while it streams, and why one failed.
import type { SearchStep } from '../../../chat';
import { domainOf, webAddress } from '../../../chat/shapes/citations';
import { plainCitationText } from '../../../chat/shapes/citation-text';
import { Icon } from '../../../ui/icon';
import { t } from '../chat-text';
import { tn } from '../../../i18n/plural';

const SEARCH_ICON = 'lucide:globe';
const FAILED_ICON = 'lucide:circle-alert';

/** "8 results", "1 result", or nothing when the provider did not say. */
export const resultCount = (count: number | undefined): string | undefined => (count === undefined ? undefined : tn('citations.results', count));

function stepText(step: SearchStep): string {
  // A provider's words, shown as plain text with no control that could reorder the line.
  const query = plainCitationText(step.query, 200);
  const reason = plainCitationText(step.error, 200);
  const page = step.url && webAddress(step.url);
  if (step.status === 'failed') return reason ? t('citations.failed', { reason }) : t('citations.failedNoReason');
  if (page) return t(step.status === 'searching' ? 'citations.opening' : 'citations.opened', { domain: domainOf(page) });
  if (step.status === 'searching') return query ? t('citations.searching', { query }) : t('citations.searchingNoQuery');
  const done = query ? t('citations.searched', { query }) : t('citations.searchedNoQuery');
  const count = resultCount(step.results);
  return count ? `${done} · ${count}` : done;
}

export function SearchSteps({ steps }: { steps: readonly SearchStep[] }) {
  if (steps.length === 0) return null;
  return (
    <ul className="search-steps" aria-label={t('citations.steps')}>
      {steps.map((step) => (
        <li key={step.id} className="search-steps__step" data-state={step.status}>
          <Icon name={step.status === 'failed' ? FAILED_ICON : SEARCH_ICON} className="search-steps__icon" />
          <span className="search-steps__text" dir="auto">
            {stepText(step)}
          </span>
        </li>
      ))}
    </ul>
  );
}
