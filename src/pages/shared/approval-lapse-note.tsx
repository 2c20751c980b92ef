import { t } from '../../i18n';
import type { ApprovalLapse } from '../../chat/mcp/approval-policy';

/**
 * Why a tool the user allowed asks anyway (issue 20): allowed before Parley kept what it allowed,
 * or redefined by its server since, with the old and new text. Shown on the approval card and in
 * Settings → Tools; not in this folder's index, so only the code that shows it loads it (the
 * caller registers the tools strings and styles `.approval-lapse` where it shows it).
 */
export function ApprovalLapseNote({ lapse, tool }: { lapse: ApprovalLapse; tool: string }) {
  if (lapse.reason === 'unchecked') {
    return (
      <p className="approval-lapse" data-reason="unchecked">
        {t('tools.lapse.unchecked', { tool })}
      </p>
    );
  }
  // Text, never markup: the descriptions and schemas are the server's untrusted words.
  return (
    <div className="approval-lapse" data-reason="changed">
      <p>{t('tools.lapse.changed', { tool })}</p>
      <ul>
        {lapse.description && <li data-change="description">{t('tools.lapse.description', lapse.description)}</li>}
        {lapse.inputSchema && <li data-change="input-schema">{t('tools.lapse.inputSchema', lapse.inputSchema)}</li>}
      </ul>
    </div>
  );
}
