import { getChatStore } from '../../chat';
import { chatJsonFile, chatMarkdownFile, type ChatFile, type MarkdownLabels } from '../../chat/backup';
import { registerMessages, t } from '../../i18n';
import { tn } from '../../i18n/plural';
import { chatExport } from '../../i18n/en/chat-export';
import { compaction as compactionMessages } from '../../i18n/en/compaction';
import { downloadFile } from '../../lib/download-file';
import { formatBytes } from '../../lib/format-bytes';
import { toast } from '../../ui/toast/toast-store';

/**
 * One chat as a file from its menus (the sidebar entry's and the chat header's): Markdown to read,
 * JSON to keep (docs/backup-format.md). Downloads it and says so, or why not, in a toast.
 */

registerMessages({ ...chatExport, ...compactionMessages });

export const EXPORTED_ICON = 'lucide:download';
export const EXPORT_FAILED_ICON = 'lucide:circle-alert';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function markdownLabels(): MarkdownLabels {
  return {
    roles: { user: t('chatExport.you'), assistant: t('chatExport.assistant'), system: t('chatExport.system'), tool: t('chatExport.tool') },
    reasoning: t('chatExport.reasoning'),
    attachments: t('chatExport.files'),
    otherBranches: t('chatExport.otherBranches'),
    status: { stopped: t('chatExport.stopped'), error: t('chatExport.error') },
    turn: (role, time, model) => (model ? t('chatExport.turnWithModel', { role, time, model }) : t('chatExport.turn', { role, time })),
    compaction: ({ mode, covered, tokensBefore, tokensAfter, undone }) => {
      const values = { count: covered, before: tokensBefore, after: tokensAfter };
      const line = tn(mode === 'drop' ? 'compaction.marker.dropped' : 'compaction.marker.summary', covered, values);
      return undone ? `${line} · ${t('compaction.marker.undone')}` : line;
    },
    file: (name, kind, size) => t('chatExport.file', { name, kind, size: formatBytes(size) }),
  };
}

async function deliver(make: () => Promise<ChatFile | undefined>): Promise<boolean> {
  try {
    const file = await make();
    if (!file) throw new Error(t('chatExport.gone'));
    downloadFile(file.blob, file.fileName);
    toast.add({ title: t('chatExport.done'), description: file.fileName, icon: EXPORTED_ICON, color: 'success' });
    return true;
  } catch (error) {
    toast.add({ title: t('chatExport.failed'), description: reason(error), icon: EXPORT_FAILED_ICON, color: 'error' });
    return false;
  }
}

/** Downloads the chat's thread as Markdown (`Title.md`); resolves with whether it did. */
export function exportChatMarkdown(chatId: string): Promise<boolean> {
  return deliver(() => chatMarkdownFile(getChatStore(), chatId, markdownLabels(), (ms) => timeFormat.format(ms)));
}

/** Downloads the chat, every branch and its files, as Parley's versioned JSON (`Title.json`). */
export function exportChatJson(chatId: string): Promise<boolean> {
  return deliver(() => chatJsonFile(getChatStore(), chatId));
}
