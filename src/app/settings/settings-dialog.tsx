// The Settings dialog's shell: the list of sections (settings-sections.ts names them) beside the one shown.
import { useId, useRef } from 'react';
import { t } from './shared/settings-text';
import { useConnectionsSnapshot } from '../../chat/connections';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Icon } from '../../ui/icon';
import { SETTINGS_SECTIONS } from './settings-sections';
import './settings-dialog.css';

export interface SettingsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The section shown ('' or an unknown name: OPENS_AT, or the list of sections on a phone). */
  section?: string;
  onSectionChange?(section: string): void;
}

/** The section shown when none is named: connections, where a first visit has to start. */
export const OPENS_AT = 'connections';

/** Where settings-dialog.css shows the list or a section, not both: a phone. */
export const ONE_PANE_QUERY = '(max-width: 639.98px)';

/**
 * Where focus starts: on the current section's entry in the list (not the list's first entry,
 * which would put the focus ring on a section not shown); on a phone showing a section alone,
 * the way back to the list, the first control above it.
 */
export function settingsInitialFocus(sectionShown: boolean, onePane: boolean): string {
  return sectionShown && onePane ? '.settings-dialog__back' : '.settings-nav__item[aria-current="true"]';
}

/**
 * Settings (issue 5, issue 22): sections a person can jump between — a list beside the section on a
 * wide screen; on a phone the list, then the section with a way back. Changes are saved as they
 * are made, so closing the dialog never loses one. The section shown is in the address
 * (`?settings=sync`), so it can be linked to and survives a reload.
 */
export function SettingsDialog({ open, onOpenChange, section = '', onSectionChange }: SettingsDialogProps) {
  const { status } = useConnectionsSnapshot();
  const id = useId();
  const chosen = SETTINGS_SECTIONS.find((candidate) => candidate.id === section);
  const shown = chosen ?? SETTINGS_SECTIONS.find((candidate) => candidate.id === OPENS_AT)!;
  const layoutRef = useRef<HTMLDivElement>(null);
  /** Focus after the next render: the section's heading (where reading goes on), or back in the list. */
  const focusAfter = (selector: string) =>
    requestAnimationFrame(() => {
      const target = layoutRef.current?.querySelector<HTMLElement>(selector);
      if (!target) return;
      if (target.tagName === 'H3') target.tabIndex = -1;
      target.focus();
    });
  const pick = (next: string) => {
    onSectionChange?.(next);
    focusAfter('.settings-dialog__section h3');
  };
  const onePane = typeof window.matchMedia === 'function' && window.matchMedia(ONE_PANE_QUERY).matches;
  const backToList = () => {
    onSectionChange?.('');
    // Back where the person left the list: on the section they had opened.
    focusAfter(`.settings-nav__item[data-section="${shown.id}"]`);
  };
  return (
    <Dialog
      className="settings-dialog"
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      // The list or a section: on a phone the description shows with the list only (settings-dialog.css).
      data-view={chosen ? 'section' : 'list'}
      initialFocus={settingsInitialFocus(chosen !== undefined, onePane)}
      title={t('settings.title')}
      description={t('settings.description')}
      footer={<Button onClick={() => onOpenChange(false)}>{t('settings.done')}</Button>}
    >
      {status === 'loading' ? (
        <p className="settings-hint" role="status">
          {t('settings.loading')}
        </p>
      ) : (
        // On a phone, 'list' shows the list alone and 'section' the section alone (settings-dialog.css).
        <div ref={layoutRef} className="settings-dialog__layout" data-view={chosen ? 'section' : 'list'}>
          <nav className="settings-nav" aria-label={t('settings.sections')}>
            <ul>
              {SETTINGS_SECTIONS.map((candidate) => (
                <li key={candidate.id}>
                  <button
                    type="button"
                    className="settings-nav__item"
                    data-section={candidate.id}
                    aria-current={candidate === shown ? 'true' : undefined}
                    aria-controls={`${id}section`}
                    onClick={() => pick(candidate.id)}
                  >
                    <span>{t(candidate.label)}</span>
                    <Icon name="lucide:chevron-right" className="settings-nav__chevron" />
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div id={`${id}section`} className="settings-dialog__section" data-section={shown.id}>
            <Button className="settings-dialog__back" variant="ghost" color="neutral" size="sm" icon="lucide:chevron-left" onClick={backToList}>
              {t('settings.sections.back')}
            </Button>
            {shown.parts.map((Part, at) => (
              <Part key={at} />
            ))}
          </div>
        </div>
      )}
    </Dialog>
  );
}
