// A reply's citation view (issue 37), loaded with the first reply that cites or searched: its text with
// numbered chips where it cites, its Sources under it, and the searches as steps above it.
import { useMemo } from 'react';
import type { Citation, Message } from '../../../chat';
import { citationsOf, citeNumberedSources, cleanCitations } from '../../../chat/shapes/citations';
import { CitationSlotContext } from '../../../markdown';
import { AssistantContent } from './assistant-content';
import { CitationChip, CitationMarksContext } from './citation-chip';
import { markCitations } from './citation-marks';
import { ReplySources } from './reply-sources';
import { registerMessages } from '../../../i18n';
import { citationView } from '../../../i18n/en/citation-view';
import './citations.css';

// The view's strings come with its code (chat-text.ts registers the page's).
registerMessages(citationView);

export { SearchSteps } from './search-steps';

export interface CitedReplyProps {
  message: Message;
  /** The turn's search results while the reply has no citations of its own (use-turn-sources.ts). */
  turnSources: readonly Citation[];
}

/** The reply's text with its chips, then its Sources; the text alone while it cites nothing yet. */
export function CitedReply({ message, turnSources }: CitedReplyProps) {
  const streaming = message.status === 'streaming';
  const cited = useMemo(() => {
    const citations = message.citations?.length ? citationsOf(message) : turnSources.length > 0 ? cleanCitations(message.content, citeNumberedSources(message.content, turnSources)) : [];
    return citations.length > 0 ? markCitations(message.content, citations) : undefined;
  }, [message, turnSources]);
  if (!cited) return <AssistantContent text={message.content} streaming={streaming} messageId={message.id} />;
  return (
    <>
      <CitationMarksContext.Provider value={cited.marks}>
        <CitationSlotContext.Provider value={CitationChip}>
          <AssistantContent text={cited.text} streaming={streaming} messageId={message.id} />
        </CitationSlotContext.Provider>
      </CitationMarksContext.Provider>
      <ReplySources sources={cited.sources} />
    </>
  );
}
