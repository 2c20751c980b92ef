import { useLayoutEffect, useRef, useState, type ComponentPropsWithRef } from 'react';
import { t } from './chat-entry-text';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import { useComposedRefs } from '../../lib/compose-refs';
import { useCompositionGuard } from '../../ui/composer';

/** How a rename ended: from the keyboard (focus goes back to the entry) or by leaving the field. */
export type RenameEnd = 'keyboard' | 'blur';

export interface RenameFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'defaultValue' | 'value'> {
  initialTitle: string;
  /** `title` is undefined when the rename was cancelled. Called once. */
  onDone(title: string | undefined, end: RenameEnd): void;
}

/**
 * A chat title edited in place: focused with the text selected; Enter saves, Escape cancels,
 * leaving the field saves. Keys that confirm an IME composition never save.
 */
export function RenameField({ initialTitle, onDone, onKeyDown, onBlur, className, ref, ...rest }: RenameFieldProps) {
  const [value, setValue] = useState(initialTitle);
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useComposedRefs(ref, inputRef);
  const finished = useRef(false);
  const composition = useCompositionGuard();

  useLayoutEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const finish = (title: string | undefined, end: RenameEnd) => {
    if (finished.current) return;
    finished.current = true;
    onDone(title, end);
  };

  return (
    <input
      aria-label={t('nav.renameLabel')}
      {...rest}
      {...composition.handlers}
      ref={mergedRef}
      className={['rename-field', className].filter(Boolean).join(' ')}
      type="text"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={composeEventHandlers(onKeyDown, (event) => {
        if (composition.isComposing(event)) return;
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(value, 'keyboard');
        } else if (event.key === 'Escape') {
          // Spent here: the drawer behind the field must not close too.
          event.preventDefault();
          event.stopPropagation();
          finish(undefined, 'keyboard');
        }
      })}
      onBlur={composeEventHandlers(onBlur, () => finish(value, 'blur'))}
    />
  );
}
