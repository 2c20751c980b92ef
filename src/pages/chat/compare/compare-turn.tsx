// A comparison's answers (issue 38), loaded with the first chat that holds one open: side by side in
// columns where the page is wide, as swipeable tabs on a phone. Each is a sibling reply of the
// question; choosing one makes it the current branch, the others stay behind the branch arrows.
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { getChatStore, useChatStore, type Comparing, type Message } from '../../../chat';
import { modelIdOf, modelOptionGroups, getConnectionsStore } from '../../../chat/connections';
import { Button } from '../../../ui/button';
import { Menu, type MenuItem } from '../../../ui/menu';
import { t } from '../chat-text';
import { registerMessages } from '../../../i18n';
import { compareView } from '../../../i18n/en/compare-view';
import { MessageItem } from '../message/message-item';
import { useThreadServices } from '../thread/thread-context';
import { columnFigures, fastestOf } from './compare-figures';
import { namesHidden, shownOrder } from './comparing-state';
import { recordVote } from './compare-vote';
import './compare.css';

// The view's strings come with its code (chat-text.ts registers the page's).
registerMessages(compareView);

export const COMBINE_ICON = 'lucide:merge';

export interface CompareTurnProps {
  chatId: string;
  comparing: Comparing;
}

const sameMessages = (a: readonly Message[], b: readonly Message[]) => a.length === b.length && a.every((message, i) => message === b[i]);

/** The compared replies as they stand (found from the list's end, where they are: a long chat costs nothing per token). */
function useReplies(chatId: string, ids: readonly string[]): Message[] {
  return useChatStore((s) => {
    const list = s.messages.get(chatId);
    return ids.map((id) => list?.findLast((m) => m.id === id)).filter((m): m is Message => m !== undefined);
  }, sameMessages);
}

export function CompareTurn({ chatId, comparing }: CompareTurnProps) {
  const services = useThreadServices();
  const base = useId();
  const found = useReplies(chatId, comparing.replies);
  const byId = new Map(found.map((m) => [m.id, m]));
  const shown = shownOrder(comparing, (id) => !!byId.get(id)?.combines)
    .map((id) => byId.get(id))
    .filter((m): m is Message => m !== undefined);
  const answers = shown.filter((m) => !m.combines);
  const hidden = namesHidden(comparing);
  const fastest = fastestOf(answers);
  const streaming = shown.some((m) => m.status === 'streaming');
  const [selected, setSelected] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const answerLabel = (m: Message) => t('compare.turn.answer', { n: answers.indexOf(m) + 1 });
  const labelOf = (m: Message) => {
    if (m.combines) return hidden ? t('compare.turn.combinedBlind') : t('compare.turn.combined', { model: modelIdOf(m.model ?? '') });
    return hidden || !m.model ? answerLabel(m) : modelIdOf(m.model);
  };

  /** Shows the column `index` (a tab chosen): the phone's strip scrolls to it. */
  const show = (index: number, focus = false) => {
    setSelected(index);
    const strip = scroller.current;
    const column = strip?.children[index] as HTMLElement | undefined;
    if (strip && column) strip.scrollTo({ left: column.offsetLeft - strip.offsetLeft, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth' });
    if (focus) tabs.current[index]?.focus();
  };
  /** A swipe: the column most in view becomes the selected tab. */
  const swiped = () => {
    const strip = scroller.current;
    if (!strip) return;
    const left = Math.abs(strip.scrollLeft);
    const away = [...strip.children].map((column) => Math.abs(Math.abs((column as HTMLElement).offsetLeft - strip.offsetLeft) - left));
    const nearest = away.indexOf(Math.min(...away));
    if (nearest !== selected) setSelected(nearest);
  };
  const onTabKey = (event: KeyboardEvent) => {
    const last = shown.length - 1;
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show((next + shown.length) % shown.length, true);
  };

  const continueWith = (m: Message) => {
    void getChatStore().selectBranch(chatId, m.id);
    services.announce(t('compare.turn.continued', { name: labelOf(m) }));
    services.focusComposer();
  };

  const vote = (winner: Message | undefined) => {
    void recordVote(chatId, comparing, answers, winner).then((saved) => {
      const m = winner && { name: answerLabel(winner), model: modelIdOf(winner.model ?? '') };
      services.announce(!saved ? t('compare.turn.voteFailed') : m ? t('compare.turn.voted', m) : t('compare.turn.votedTie'));
    });
  };

  const combineItems = (): MenuItem[] => {
    const groups = modelOptionGroups(getConnectionsStore().getSnapshot());
    const ids = answers.filter((m) => m.content.trim() !== '').map((m) => m.id);
    return groups.flatMap(({ options }) =>
      options.map((option) => ({
        id: option.ref,
        label: t('compare.turn.combineWith', { model: option.modelId }),
        onSelect: () => {
          if (getChatStore().regenerate(answers[0]!.id, { model: option.ref, combines: ids }) !== undefined) services.follow();
        },
      })),
    );
  };
  const canCombine = !hidden && !streaming && answers.filter((m) => m.content.trim() !== '').length >= 2;
  const estimated = shown.some((m) => m.status !== 'streaming' && columnFigures(m).some((figure) => figure.estimated));

  return (
    <div
      className="thread__item compare"
      role="listitem"
      data-state={hidden ? 'blind' : 'named'}
      style={{ '--compare-columns': shown.length } as CSSProperties}
    >
      <section className="compare__turn" aria-label={t('compare.turn.label')}>
        <div className="compare__tabs" role="tablist" aria-label={t('compare.turn.tabs')} onKeyDown={onTabKey}>
          {shown.map((m, index) => (
            <button
              key={m.id}
              ref={(element) => void (tabs.current[index] = element)}
              type="button"
              role="tab"
              id={`${base}-tab-${index}`}
              className="compare__tab touch-hit"
              aria-selected={index === selected}
              aria-controls={`${base}-column-${index}`}
              tabIndex={index === selected ? 0 : -1}
              data-state={m.status}
              onClick={() => show(index)}
            >
              {labelOf(m)}
            </button>
          ))}
        </div>
        <div ref={scroller} className="compare__columns" onScroll={swiped}>
          {shown.map((m, index) => {
            const nameId = `${base}-name-${index}`;
            const figures = m.status === 'streaming' ? [] : columnFigures(m);
            return (
              <section key={m.id} id={`${base}-column-${index}`} className="compare__column" aria-labelledby={nameId} data-state={m.status} data-selected={index === selected}>
                <header className="compare__head">
                  <h2 id={nameId} className="compare__name">
                    {labelOf(m)}
                  </h2>
                  {fastest === m.id && (
                    <span className="compare__badge" data-kind="fastest">
                      {t('compare.turn.fastest')}
                    </span>
                  )}
                  {comparing.picked === m.id && (
                    <span className="compare__badge" data-kind="picked">
                      {t('compare.turn.picked')}
                    </span>
                  )}
                  {m.status === 'streaming' ? (
                    <p className="compare__writing">{t('compare.turn.writing')}</p>
                  ) : (
                    figures.length > 0 && (
                      <ul className="compare__figures" aria-label={t('compare.figure.label')}>
                        {figures.map((figure) => (
                          <li key={figure.kind} data-kind={figure.kind} data-estimated={figure.estimated || undefined}>
                            {figure.text}
                          </li>
                        ))}
                      </ul>
                    )
                  )}
                </header>
                {m.combines && (
                  <p className="compare__from">
                    {t('compare.turn.combinedFrom', {
                      answers: m.combines
                        .map((id) => byId.get(id))
                        .filter((source): source is Message => source !== undefined)
                        .map(labelOf)
                        .join(', '),
                    })}
                  </p>
                )}
                <MessageItem message={m} branchIndex={0} branchTotal={1} column={hidden ? 'blind' : 'named'} />
                <div className="compare__choose">
                  {hidden ? (
                    !m.combines && (
                      <Button size="sm" variant="soft" onClick={() => vote(m)}>
                        {t('compare.turn.better')}
                      </Button>
                    )
                  ) : (
                    <Button size="sm" variant="soft" onClick={() => continueWith(m)}>
                      {t('compare.turn.continue')}
                    </Button>
                  )}
                </div>
              </section>
            );
          })}
        </div>
        <div className="compare__bar">
          {hidden ? (
            <>
              <p className="compare__note">{t('compare.turn.blindNote')}</p>
              <Button size="sm" variant="outline" color="neutral" onClick={() => vote(undefined)}>
                {t('compare.turn.tie')}
              </Button>
            </>
          ) : (
            <>
              {estimated && <p className="compare__note">{t('compare.figure.estimatedNote')}</p>}
              <Menu
                size="sm"
                variant="outline"
                color="neutral"
                icon={COMBINE_ICON}
                items={canCombine ? combineItems() : []}
                disabled={!canCombine}
              >
                {t('compare.turn.combine')}
              </Menu>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
