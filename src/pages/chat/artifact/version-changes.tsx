// The Changes view: the lines one version of an artifact changed against another, loaded with its first use.
import { useEffect, useId, useState } from 'react';
import type { Artifact, ArtifactVersion } from '../../../chat/sandbox';
import type { VersionDiff } from '../../../chat/sandbox/version-diff';
import { t } from '../chat-text';
import { tn } from '../../../i18n/plural';

type DiffState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; diff: VersionDiff };

/** The comparison's code (jsdiff) loads with the first Changes view, never with the thread. */
const loadDiff = () => import('../../../chat/sandbox/version-diff');

export function VersionChanges({ artifact, shown, compareWith, onCompareWith }: {
  artifact: Artifact;
  shown: ArtifactVersion;
  /** The older version's number; null: the one before `shown`. */
  compareWith: number | null;
  onCompareWith(version: number): void;
}) {
  const selectId = useId();
  const others = artifact.versions.filter((v) => v.number !== shown.number);
  const older = artifact.versions.find((v) => v.number === compareWith) ?? artifact.versions.find((v) => v.number === shown.number - 1) ?? null;
  const [state, setState] = useState<DiffState>({ status: 'loading' });

  useEffect(() => {
    if (!older) return;
    let live = true;
    setState({ status: 'loading' });
    loadDiff().then(
      ({ versionDiff }) => live && setState({ status: 'ready', diff: versionDiff(older.code, shown.code) }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [older, shown]);

  if (!older) return <p className="artifact-panel__note">{t('artifact.firstVersion')}</p>;
  return (
    <div className="artifact-changes">
      <div className="artifact-changes__bar">
        <label htmlFor={selectId}>{t('artifact.compareWith')}</label>
        <select id={selectId} className="artifact-panel__select" value={older.number} onChange={(event) => onCompareWith(Number(event.target.value))}>
          {others.map((v) => (
            <option key={v.number} value={v.number}>{`v${v.number}`}</option>
          ))}
        </select>
        {state.status === 'ready' && (
          <span className="artifact-changes__summary" role="status">
            {t('artifact.changesSummary', { added: tn('artifact.added', state.diff.added), removed: tn('artifact.removed', state.diff.removed) })}
          </span>
        )}
      </div>
      {state.status === 'loading' && <p className="artifact-panel__note">{t('artifact.diffLoading')}</p>}
      {state.status === 'failed' && <p className="artifact-panel__note" role="alert">{t('artifact.diffFailed')}</p>}
      {state.status === 'ready' &&
        (state.diff.added + state.diff.removed === 0 ? (
          <p className="artifact-panel__note">{t('artifact.noChanges')}</p>
        ) : (
          // Focusable so a keyboard can scroll it; each changed line says so in words, not by colour alone.
          <ol className="artifact-changes__lines" tabIndex={0} aria-label={t('artifact.view.changes')}>
            {state.diff.rows.map((row, index) => (
              <li key={index} className="artifact-changes__line" data-kind={row.kind}>
                <span className="artifact-changes__number" aria-hidden="true">{row.before ?? ''}</span>
                <span className="artifact-changes__number" aria-hidden="true">{row.after ?? ''}</span>
                <span className="artifact-changes__sign" aria-hidden="true">{row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : ' '}</span>
                {row.kind !== 'same' && <span className="visually-hidden">{t(row.kind === 'added' ? 'artifact.lineAdded' : 'artifact.lineRemoved')}: </span>}
                <code className="artifact-changes__text">{row.text || ' '}</code>
              </li>
            ))}
          </ol>
        ))}
    </div>
  );
}
