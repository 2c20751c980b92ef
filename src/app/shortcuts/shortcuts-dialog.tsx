import { Fragment, useId, useMemo, useRef } from 'react';
import { t } from './shortcuts-text';
import { Dialog } from '../../ui/dialog';
import { isApplePlatform } from '../sidebar/use-layout-hotkeys';
import { keyCaps, SHORTCUT_GROUPS, type KeyCombo, type ShortcutGroup } from './shortcut-list';
import './shortcuts-dialog.css';

export interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** One combination as nested <kbd> elements (the HTML way to write keys pressed together). */
function Combo({ combo, apple }: { combo: KeyCombo; apple: boolean }) {
  return (
    <kbd className="shortcuts__combo">
      {keyCaps(combo, apple).map((cap, index) => (
        <kbd key={index} className="shortcuts__key">
          {cap}
        </kbd>
      ))}
    </kbd>
  );
}

function Group({ group, apple }: { group: ShortcutGroup; apple: boolean }) {
  const headingId = useId();
  return (
    <section className="shortcuts__group" aria-labelledby={headingId}>
      <h3 id={headingId} className="shortcuts__heading">
        {t(group.label)}
      </h3>
      <dl className="shortcuts__rows">
        {group.shortcuts.map((shortcut) => (
          <div key={shortcut.id} className="shortcuts__row" data-shortcut={shortcut.id}>
            <dt className="shortcuts__label">{t(shortcut.label)}</dt>
            <dd className="shortcuts__keys">
              {shortcut.combos.map((combo, index) => (
                <Fragment key={index}>
                  {index > 0 && <span className="shortcuts__or">{t('shortcuts.or')}</span>}
                  <Combo combo={combo} apple={apple} />
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The keyboard shortcuts help (SPEC B11), grouped, with the platform's modifier. Focus starts
 * on the list itself, a focusable scrolling region, so the arrow keys scroll it at once.
 */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const apple = useMemo(() => isApplePlatform(), []);
  return (
    <Dialog className="shortcuts-dialog" open={open} onOpenChange={onOpenChange} title={t('shortcuts.title')} initialFocus={listRef}>
      <div ref={listRef} className="shortcuts" role="region" aria-label={t('shortcuts.list')} tabIndex={0}>
        {SHORTCUT_GROUPS.map((group) => (
          <Group key={group.id} group={group} apple={apple} />
        ))}
      </div>
    </Dialog>
  );
}
