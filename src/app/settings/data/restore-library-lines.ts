/** The lines a restore's preview and result give the user's library (issue 23): what comes back, what is kept here, what is left out and why. */
import type { LibraryCounts } from '../../../chat/backup';
import { tn } from '../../../i18n/plural';
import { t } from '../shared/settings-text';

const LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/** `when`: before (the preview) or after (the result). Empty when the backup has no library. */
export function restoreLibraryLines(counts: LibraryCounts, when: 'preview' | 'done'): string[] {
  const items = [
    ...(counts.instructions ? [t('libraryTransfer.instructions')] : []),
    ...(counts.defaults ? [t('libraryTransfer.defaults')] : []),
    ...(counts.presets > 0 ? [tn('libraryTransfer.count.presets', counts.presets)] : []),
    ...(counts.projects > 0 ? [tn('libraryTransfer.count.projects', counts.projects)] : []),
    ...(counts.prompts > 0 ? [tn('libraryTransfer.count.prompts', counts.prompts)] : []),
    ...(counts.votes > 0 ? [tn('libraryTransfer.count.votes', counts.votes)] : []),
  ];
  const lines: string[] = [];
  if (items.length > 0) lines.push(t(when === 'preview' ? 'libraryTransfer.preview.items' : 'libraryTransfer.done.items', { items: LIST.format(items) }));
  if (counts.copies > 0) lines.push(tn('libraryTransfer.copies', counts.copies));
  if (counts.existing > 0) lines.push(tn('libraryTransfer.existing', counts.existing));
  for (const kind of counts.keptHere) lines.push(t(kind === 'instructions' ? 'libraryTransfer.keptHere.instructions' : 'libraryTransfer.keptHere.defaults'));
  if (counts.skipped.length > 0) {
    const named = counts.skipped.map((row) =>
      row.name ? t('libraryTransfer.skipped.named', { name: row.name, reason: row.reason }) : t('libraryTransfer.skipped.unnamed', { index: row.index, reason: row.reason }),
    );
    lines.push(tn('libraryTransfer.skipped', counts.skipped.length, { items: named.join('; ') }));
  }
  return lines;
}
