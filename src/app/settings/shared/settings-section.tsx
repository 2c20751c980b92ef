/** What a section of Settings is (its entry in the list, the parts it shows), and how a lazily loaded one is made. */
import { Suspense, type ComponentType } from 'react';
import { t, type MessageKey } from './settings-text';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { lazyPart } from '../../../ui/lazy-part';
import { NeedsConnection } from '../../../pages/shared';

/**
 * One section: each section's folder exports its own from its door (index.ts), and
 * settings-sections.ts lists them; the dialog shows the parts of the one chosen, in order.
 */
export interface SettingsSection {
  /** What `?settings=` names. */
  readonly id: string;
  readonly label: MessageKey;
  readonly parts: readonly ComponentType[];
}

const loadingText = () => (
  <p className="settings-hint" role="status">
    {t('settings.loading')}
  </p>
);

/**
 * A section whose code loads when it is shown, not with Settings (the library's, issue 23): its
 * module is its own chunk, named `chunk` (the module's file name), and its stylesheet comes with
 * it (build-styles.mjs writes one per lazy chunk). Offline before it ever loaded, it says so.
 */
export function lazySection(id: string, label: MessageKey, chunk: string, load: () => Promise<{ default: ComponentType }>): SettingsSection {
  const Part = lazyPart(withChunkStyles(chunk, load), NeedsConnection);
  const Shown = () => (
    <Suspense fallback={loadingText()}>
      <Part />
    </Suspense>
  );
  return { id, label, parts: [Shown] };
}
