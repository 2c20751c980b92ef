// Where the chat page keeps its artifact panel: which artifact is open, opening one a reply was mostly about, and where it sits.
import { useEffect, useRef } from 'react';
import { getChatStore, useStreamingMessageId } from '../../../chat';
import { mainArtifactOf, PREVIEW_KINDS, versionOfBlock, type PreviewKind } from '../../../chat/sandbox';
import { useSettledThread } from '../../../chat/store/thread-hooks';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useNavigate } from '../../../router';
import { paths } from '../../paths';
import { ArtifactFrameView } from './artifact-frame-part';
import { ArtifactPanel, type ArtifactPreview } from './artifact-panel';
import { artifactPanel, useArtifactPanel } from './artifact-panel-store';
import { chatArtifacts, useChatArtifacts } from './use-chat-artifacts';

/** Below this width the panel covers the screen: beside the sidebar and the thread it would leave each too narrow to read. */
export const PANEL_OVERLAY_QUERY = '(max-width: 1099.98px)';

/**
 * Opens the panel on the artifact a reply was mostly about (`mainArtifactOf`), once that reply has
 * ended well in this tab while the chat was open: never for replies read later, never for one that
 * failed or was stopped half-written.
 */
function useOpenOnReplyEnd(chatId: string): void {
  const streamingId = useStreamingMessageId(chatId);
  const settled = useSettledThread(chatId);
  const ending = useRef(new Set<string>());
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (last.current && last.current !== streamingId) ending.current.add(last.current);
    last.current = streamingId;
    if (ending.current.size === 0) return;
    const messages = getChatStore().getSnapshot().messages.get(chatId) ?? [];
    for (const id of [...ending.current]) {
      const message = messages.find((m) => m.id === id);
      // Its end has not reached the thread yet: look again when it has.
      if (message?.status === 'streaming') continue;
      ending.current.delete(id);
      if (message?.status !== 'complete') continue;
      const block = mainArtifactOf(message.content, true);
      const found = block && versionOfBlock(chatArtifacts(chatId), id, block.code);
      if (found) artifactPanel.open(chatId, found.artifact.key, { automatic: true });
    }
  }, [chatId, streamingId, settled]);
}

const PREVIEW: ArtifactPreview = {
  runs: (artifact) => (PREVIEW_KINDS as readonly string[]).includes(artifact.kind),
  render: (artifact, version, reload) => (
    // Reload is a new frame: the key starts the artifact again from its first line.
    <ArtifactFrameView key={`${version.number}:${reload}`} kind={artifact.kind as PreviewKind} source={version.code} fill />
  ),
};

export function ArtifactPanelHost({ chatId, onClosed }: { chatId: string; onClosed(): void }) {
  const state = useArtifactPanel(chatId);
  const artifacts = useChatArtifacts(chatId, state !== null);
  const narrow = useMediaQuery(PANEL_OVERLAY_QUERY);
  const navigate = useNavigate();
  useOpenOnReplyEnd(chatId);
  const artifact = state ? artifacts.find((a) => a.key === state.key) : undefined;

  // The artifact left the shown branch (another version of a message chosen, the reply deleted).
  useEffect(() => {
    if (state && !artifact) artifactPanel.close();
  }, [state, artifact]);

  if (!state || !artifact) return null;
  const overlay = narrow || state.full;
  return (
    <ArtifactPanel
      chatId={chatId}
      artifact={artifact}
      state={state}
      overlay={overlay}
      preview={PREVIEW}
      onClosed={onClosed}
      onDismiss={() => (narrow ? artifactPanel.close() : artifactPanel.update({ full: false }))}
      onShowReply={(messageId) => {
        // Over the screen the reply is behind the panel: close it to show the reply.
        if (overlay) artifactPanel.close();
        navigate(paths.chat.href(chatId, messageId), { replace: true });
      }}
    />
  );
}
