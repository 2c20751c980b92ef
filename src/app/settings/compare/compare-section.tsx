/**
 * Settings → Compare (issue 38): the local leaderboard of blind-mode votes, counted from the
 * library's vote rows as they change (another tab or device voting shows at once): each model's
 * wins, losses and ties, each pair's head to head, and Clear leaderboard with one Undo.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { clearVotes, leaderboard, modelStandings, type LeaderboardRow, type ModelStanding } from '../../../chat/compare';
import { getLibraryStore, useLibrary, type LibraryStore } from '../../../chat/library';
import { registerMessages } from '../../../i18n';
import { compareSettings } from '../../../i18n/en/compare-settings';
import { tn } from '../../../i18n/plural';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { undoAction } from '../../../ui/toast/undo-hotkey';
import { t } from '../shared/settings-text';
import './compare-section.css';

registerMessages(compareSettings);

export const LEADERBOARD_CLEARED_ICON = 'lucide:trash-2';

export interface CompareSectionProps {
  store?: LibraryStore;
}

type Report = { text: string; failed?: boolean; undo?: () => Promise<void> };
/** Where focus goes once the section has rendered: the heading (the tables are gone) or Clear (they are back). */
type FocusTarget = 'heading' | 'clear' | null;

export default function CompareSection({ store = getLibraryStore() }: CompareSectionProps) {
  const id = useId();
  const library = useLibrary();
  const votes = library.votes;
  const standings = useMemo(() => modelStandings(votes), [votes]);
  const pairs = useMemo(() => leaderboard(votes), [votes]);
  const [report, setReport] = useState<Report | null>(null);
  const [clearing, setClearing] = useState(false);
  const [focus, setFocus] = useState<FocusTarget>(null);
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    sectionRef.current?.querySelector<HTMLElement>(focus === 'heading' ? 'h3' : '[data-action="clear"]')?.focus();
  }, [focus]);

  const clear = async () => {
    setClearing(true);
    const cleared = await clearVotes(store);
    setClearing(false);
    if (cleared.removed === 0) {
      setReport({ text: t('compareSettings.clearFailed'), failed: true });
      return;
    }
    // The tables are gone: the section's heading is the stable place nearby.
    setFocus('heading');
    const removed = tn('compareSettings.clearedVotes', cleared.removed);
    // Here as well as in a toast: the toasts are behind the Settings dialog, out of reach while it is open.
    const undoHere = async () => {
      await cleared.undo();
      setReport(null);
      setFocus('clear');
    };
    setReport({ text: `${t('compareSettings.cleared')}: ${removed}`, undo: undoHere });
    toast.add({
      title: t('compareSettings.cleared'),
      description: removed,
      icon: LEADERBOARD_CLEARED_ICON,
      actions: [undoAction(t('compareSettings.undo'), () => void cleared.undo().then(() => setReport(null)))],
    });
  };

  return (
    <section
      ref={sectionRef}
      className="settings-section compare-section"
      aria-labelledby={`${id}heading`}
      data-state={!library.loaded ? 'loading' : votes.length === 0 ? 'empty' : 'counted'}
    >
      <div className="settings-section__header">
        <h3 id={`${id}heading`} tabIndex={-1}>
          {t('compareSettings.title')}
        </h3>
      </div>
      <p className="settings-hint">{t('compareSettings.intro')}</p>
      {library.loaded && votes.length === 0 && <p className="settings-hint">{t('compareSettings.empty')}</p>}
      {votes.length > 0 && (
        <>
          <p className="settings-hint">{tn('compareSettings.votes', votes.length)}</p>
          <StandingsTable standings={standings} />
          <p className="settings-hint">{t('compareSettings.standings.hint')}</p>
          <PairsTable pairs={pairs} />
          <div className="compare-section__actions">
            <Button data-action="clear" variant="outline" size="sm" icon="lucide:trash-2" disabled={clearing} onClick={() => void clear()}>
              {t('compareSettings.clear')}
            </Button>
          </div>
        </>
      )}
      <div className="compare-section__report" role="status" data-state={report ? (report.failed ? 'failed' : 'done') : undefined}>
        {report && (
          <p className={report.failed ? 'settings-error' : 'settings-hint'}>
            {report.text}
            {report.undo && (
              <>
                {' '}
                <Button variant="link" size="sm" onClick={report.undo}>
                  {t('compareSettings.undo')}
                </Button>
              </>
            )}
          </p>
        )}
      </div>
    </section>
  );
}

/** A table in a box that scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it, and named. */
function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="compare-section__table" role="group" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function StandingsTable({ standings }: { standings: readonly ModelStanding[] }) {
  return (
    <ScrollingTable caption={t('compareSettings.standings.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('compareSettings.standings.model')}</th>
          <th scope="col">{t('compareSettings.standings.wins')}</th>
          <th scope="col">{t('compareSettings.standings.losses')}</th>
          <th scope="col">{t('compareSettings.standings.ties')}</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((row) => (
          <tr key={row.model} data-model={row.model}>
            <th scope="row">{row.model}</th>
            <td data-count>{row.wins}</td>
            <td data-count>{row.losses}</td>
            <td data-count>{row.ties}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

function PairsTable({ pairs }: { pairs: readonly LeaderboardRow[] }) {
  return (
    <ScrollingTable caption={t('compareSettings.pairs.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('compareSettings.pairs.pair')}</th>
          <th scope="col">{t('compareSettings.pairs.wins')}</th>
          <th scope="col">{t('compareSettings.pairs.ties')}</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((row) => (
          <tr key={JSON.stringify([row.a, row.b])}>
            <th scope="row">{t('compareSettings.pairs.name', { a: row.a, b: row.b })}</th>
            <td>{t('compareSettings.pairs.score', { a: row.a, aWins: row.aWins, b: row.b, bWins: row.bWins })}</td>
            <td data-count>{row.ties}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
