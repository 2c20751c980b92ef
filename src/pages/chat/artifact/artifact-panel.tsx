// The artifact panel: one artifact's versions as Preview, Code and Changes, beside the thread or over the whole screen.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { getChatStore } from '../../../chat';
import type { Artifact, ArtifactVersion } from '../../../chat/sandbox';
import { downloadFile } from '../../../lib/download-file';
import { RUNTIMES_OF } from '../../../lib/sandbox-wire';
import { CodeBlock } from '../../../markdown';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { t } from '../chat-text';
import { artifactPanel, type ArtifactPanelState, type ArtifactView } from './artifact-panel-store';
import { VersionChanges } from './version-changes';
import { ChangeRequest } from './change-request';
import './artifact-panel.css';

/** What runs a version in the Preview view, for the kinds it can run (the others open on Code). */
export interface ArtifactPreview {
  runs(artifact: Artifact): boolean;
  render(artifact: Artifact, version: ArtifactVersion, reload: number): ReactNode;
}

export interface ArtifactPanelProps {
  chatId: string;
  artifact: Artifact;
  state: ArtifactPanelState;
  /** Over the whole screen: a phone's width, or Full screen on a wider one. */
  overlay: boolean;
  preview?: ArtifactPreview;
  onShowReply(messageId: string): void;
  /** Escape or Close over the whole screen: leaves Full screen on a wide window, closes on a phone. */
  onDismiss(): void;
  /** The panel beside the thread closed: focus goes back to the message box. */
  onClosed(): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** The artifact's name as the panel titles it: its own, or its kind's. */
export function artifactTitle(artifact: Artifact): string {
  return artifact.name ?? t(`artifact.kind.${artifact.kind}`);
}

function ViewTabs({ views, view, panelId, onView }: { views: readonly ArtifactView[]; view: ArtifactView; panelId: string; onView(view: ArtifactView): void }) {
  const list = useRef<HTMLDivElement>(null);
  // The tabs pattern: one tab in the Tab order, the arrows (and Home, End) move between them and show each.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = views.indexOf(view);
    const next =
      event.key === 'ArrowRight' ? views[(at + 1) % views.length] : event.key === 'ArrowLeft' ? views[(at - 1 + views.length) % views.length] : event.key === 'Home' ? views[0] : event.key === 'End' ? views[views.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    onView(next);
    list.current?.querySelector<HTMLElement>(`[data-view="${next}"]`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={t('artifact.views')} className="artifact-panel__tabs" onKeyDown={onKeyDown}>
      {views.map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          id={`${panelId}-${v}`}
          data-view={v}
          aria-selected={v === view}
          aria-controls={panelId}
          tabIndex={v === view ? 0 : -1}
          className="artifact-panel__tab"
          onClick={() => onView(v)}
        >
          {t(`artifact.view.${v}`)}
        </button>
      ))}
    </div>
  );
}

function PanelBody({ chatId, artifact, state, overlay, preview, onShowReply }: ArtifactPanelProps) {
  const panelId = useId();
  const tabs = useRef<HTMLDivElement>(null);
  // Opened by the user: their next step is in the panel, so focus goes to its shown view's tab, once
  // per opening (an automatic opening never bumps the request: focus stays in the message box).
  const focused = useRef(state.automatic ? state.focusRequest : 0);
  useEffect(() => {
    if (state.automatic || state.focusRequest === focused.current) return;
    focused.current = state.focusRequest;
    tabs.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [state.focusRequest, state.automatic]);
  const versionId = useId();
  const [reload, setReload] = useState(0);
  /** Set when a download could not be made (offline before its code was ever loaded). */
  const [downloadFailed, setDownloadFailed] = useState(false);
  const latest = artifact.versions[artifact.versions.length - 1]!;
  const shown = artifact.versions.find((v) => v.number === state.version) ?? latest;
  const views: ArtifactView[] = [...(preview?.runs(artifact) ? (['preview'] as const) : []), 'code', ...(artifact.versions.length > 1 ? (['changes'] as const) : [])];
  const view = views.includes(state.view) ? state.view : views[0]!;
  // Read at each render (the panel renders when a reply ends): a version's reply may be newer than the panel.
  const messages = getChatStore().getSnapshot().messages.get(chatId) ?? [];

  const optionText = (v: ArtifactVersion) => {
    const at = messages.find((m) => m.id === v.messageId)?.createdAt;
    const time = at === undefined ? '' : timeFormat.format(at);
    return t(v === latest ? 'artifact.versionLatest' : 'artifact.versionOption', { n: v.number, time });
  };
  const download = async () => {
    setDownloadFailed(false);
    // Loaded with the first download: the document it writes (and its boot scripts) is no part of reading a chat.
    const parts = await Promise.all([import('../../../chat/sandbox/standalone-page'), import('../../../chat/sandbox/sandbox-session')]).catch(() => null);
    if (!parts) return setDownloadFailed(true);
    const [{ standalonePage }, { loadRuntime }] = parts;
    // A component or a diagram carries its runtimes (kept by the service worker since its preview); without them, its code.
    const runtimes = await Promise.all(RUNTIMES_OF[artifact.kind].map(loadRuntime)).catch(() => undefined);
    const file = standalonePage(artifact.kind, shown.code, artifact.name, shown.number, artifactTitle(artifact), runtimes);
    downloadFile(new Blob([file.text], { type: file.mimeType }), file.fileName);
  };

  return (
    <>
      <div className="artifact-panel__bar">
        <label className="visually-hidden" htmlFor={versionId}>
          {t('artifact.version')}
        </label>
        <select
          id={versionId}
          className="artifact-panel__select"
          value={shown.number}
          // Choosing the latest follows the latest again: a new version then shows itself.
          onChange={(event) => {
            const number = Number(event.target.value);
            artifactPanel.update({ version: number === latest.number ? null : number, compareWith: null });
          }}
        >
          {artifact.versions.map((v) => (
            <option key={v.number} value={v.number}>
              {optionText(v)}
            </option>
          ))}
        </select>
        <Button variant="ghost" color="neutral" size="sm" icon="lucide:message-square-text" label={t('artifact.showReply')} onClick={() => onShowReply(shown.messageId)} />
        <span className="artifact-panel__spacer" />
        {view === 'preview' && <Button variant="ghost" color="neutral" size="sm" icon="lucide:refresh-cw" label={t('artifact.reload')} onClick={() => setReload((n) => n + 1)} />}
        {!overlay || state.full ? (
          <Button
            variant="ghost"
            color="neutral"
            size="sm"
            icon={state.full ? 'lucide:minimize-2' : 'lucide:maximize-2'}
            label={t('artifact.fullScreen')}
            aria-pressed={state.full}
            onClick={() => artifactPanel.update({ full: !state.full })}
          />
        ) : null}
        <Button variant="ghost" color="neutral" size="sm" icon="lucide:download" label={t('artifact.downloadPage')} onClick={() => void download()} />
      </div>
      {downloadFailed ? (
        <p className="artifact-panel__note" role="alert">
          {t('artifact.downloadFailed')}
        </p>
      ) : null}
      <div ref={tabs}>
        <ViewTabs views={views} view={view} panelId={panelId} onView={(next) => artifactPanel.update({ view: next })} />
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${view}`} className="artifact-panel__view" data-view={view}>
        {view === 'preview' && preview?.render(artifact, shown, reload)}
        {view === 'code' && <CodeBlock code={shown.code} info={shown.language} finished />}
        {view === 'changes' && <VersionChanges artifact={artifact} shown={shown} compareWith={state.compareWith} onCompareWith={(n) => artifactPanel.update({ compareWith: n })} />}
      </div>
      <ChangeRequest chatId={chatId} artifact={artifact} title={artifactTitle(artifact)} />
    </>
  );
}

/**
 * Beside the thread (a complementary region the page makes room for) on a wide screen; over the
 * whole screen on a phone or in Full screen, as a modal dialog, so the page behind is inert and
 * Escape or Close hands focus back.
 */
export function ArtifactPanel(props: ArtifactPanelProps) {
  const titleId = useId();
  const title = artifactTitle(props.artifact);
  const close = () => {
    artifactPanel.close();
    props.onClosed();
  };
  if (props.overlay) {
    return (
      <Dialog open onOpenChange={(open) => !open && props.onDismiss()} title={title} closeLabel={t('artifact.close')} className="artifact-panel artifact-panel--overlay" dismissOnBackdrop={false}>
        <PanelBody {...props} />
      </Dialog>
    );
  }
  return (
    <aside
      className="artifact-panel artifact-panel--side"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        close();
      }}
    >
      <header className="artifact-panel__header">
        <h2 id={titleId} className="artifact-panel__title">
          {title}
        </h2>
        <Button variant="ghost" color="neutral" size="sm" icon="lucide:x" label={t('artifact.close')} onClick={close} />
      </header>
      <PanelBody {...props} />
    </aside>
  );
}
