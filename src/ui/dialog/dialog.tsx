import {
  useContext,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type ReactNode,
} from 'react';
import { t } from '../../i18n';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import { useComposedRefs } from '../../lib/compose-refs';
import { Button } from '../button';
import { resolveInitialFocus, type InitialFocus } from './initial-focus';
import { DialogFocusFallback, returnFocus, type FocusFallback } from './return-focus';
import { hideDialog, showDialog, type DialogMode } from './show-dialog';
import './dialog.css';

export const DIALOG_SIZES = ['sm', 'md', 'lg'] as const;
export type DialogSize = (typeof DIALOG_SIZES)[number];

export interface DialogProps extends Omit<ComponentPropsWithRef<'dialog'>, 'title' | 'open' | 'children'> {
  open: boolean;
  /** Called with `false` for Escape, a backdrop click or the close button; the owner decides. */
  onOpenChange: (open: boolean) => void;
  /** The heading; it also names the dialog (aria-labelledby). */
  title: ReactNode;
  /** A sentence under the heading; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions at the bottom (right-aligned), e.g. Cancel and Save. */
  footer?: ReactNode;
  /** What takes focus on open; default: the first focusable element of the content, else the dialog. */
  initialFocus?: InitialFocus;
  size?: DialogSize;
  /** Whether a click on the dimmed page outside the dialog closes it. */
  dismissOnBackdrop?: boolean;
  /** Whether the header shows an icon-only close button. */
  closeButton?: boolean;
  /** The close button's accessible name (default: `dialog.close`). */
  closeLabel?: string;
  /** Where focus goes on close when the element focused at opening is gone; default: the app's DialogFocusFallback. */
  focusFallback?: FocusFallback;
}

/**
 * A modal dialog on the native <dialog> (showModal: top layer, inert page, focus kept inside).
 * React state is the source of truth: Escape and backdrop clicks only ask the owner to close
 * through onOpenChange(false); the dialog closes when `open` turns false, and focus goes back
 * to what had it before (or, when that is gone, to the app's DialogFocusFallback).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  initialFocus,
  size = 'md',
  dismissOnBackdrop = true,
  closeButton = true,
  closeLabel,
  focusFallback,
  className,
  ref,
  onCancel,
  onClose,
  onKeyDown,
  onPointerDown,
  onClick,
  ...rest
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const mergedRef = useComposedRefs(ref, dialogRef);
  const titleId = useId();
  const descriptionId = useId();
  const [mode, setMode] = useState<DialogMode>('modal');
  // Bumped when the browser closed the dialog on its own while `open` stayed true: shows it again.
  const [generation, setGeneration] = useState(0);
  // True while the dialog is shown because of `open`; a `close` event then didn't come from us.
  const shownByUs = useRef(false);
  const pointerDownOnBackdrop = useRef(false);

  const appFocusFallback = useContext(DialogFocusFallback);

  const focusInitial = useEffectEvent((dialog: HTMLDialogElement) => {
    resolveInitialFocus(dialog, contentRef.current, initialFocus).focus();
  });
  const focusPrevious = useEffectEvent((previous: Element | null) => {
    returnFocus(previous, focusFallback ?? appFocusFallback);
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = dialog.ownerDocument.activeElement;
    setMode(showDialog(dialog));
    shownByUs.current = true;
    focusInitial(dialog);
    return () => {
      shownByUs.current = false;
      hideDialog(dialog);
      focusPrevious(previous);
    };
  }, [open, generation]);

  const requestClose = () => onOpenChange(false);

  return (
    <dialog
      aria-modal={open || undefined}
      {...rest}
      ref={mergedRef}
      className={className ? `dialog ${className}` : 'dialog'}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-state={open ? 'open' : 'closed'}
      data-size={size}
      data-fallback={open && mode === 'fallback' ? '' : undefined}
      onCancel={composeEventHandlers(onCancel, (event) => {
        // A dialog opened from inside this one reaches us through React's tree: its Escape is its own.
        if (event.target !== event.currentTarget) return;
        // Escape (or Android's back gesture): keep the dialog open until the owner says otherwise.
        event.preventDefault();
        requestClose();
      })}
      onClose={composeEventHandlers(onClose, (event) => {
        if (event.target !== event.currentTarget) return;
        // Closed by the browser itself (a form with method="dialog", Chrome's repeated-Escape
        // rule): tell the owner, and show it again if the owner keeps it open. The event comes a
        // task after closing: a dialog shown again meanwhile (Escape, then Ctrl+, at once) stays.
        if (!shownByUs.current || event.currentTarget.open) return;
        shownByUs.current = false;
        requestClose();
        setGeneration((value) => value + 1);
      })}
      onKeyDown={composeEventHandlers(onKeyDown, (event) => {
        // Without a native modal no `cancel` event comes: Escape is handled here instead.
        if (mode !== 'fallback' || event.key !== 'Escape' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        event.stopPropagation();
        requestClose();
      })}
      onPointerDown={composeEventHandlers(onPointerDown, (event) => {
        pointerDownOnBackdrop.current = event.target === event.currentTarget;
      })}
      onClick={composeEventHandlers(onClick, (event) => {
        // The panel fills the <dialog>, so only the ::backdrop reports the dialog itself as the
        // target. Both ends must be on it: a text selection dragged out of the panel isn't a dismissal.
        const onBackdrop = event.target === event.currentTarget && pointerDownOnBackdrop.current;
        pointerDownOnBackdrop.current = false;
        if (onBackdrop && dismissOnBackdrop) requestClose();
      })}
    >
      {open && (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {closeButton && (
              <Button
                className="dialog__close"
                icon="lucide:x"
                label={closeLabel ?? t('dialog.close')}
                variant="ghost"
                color="neutral"
                size="sm"
                onClick={requestClose}
              />
            )}
          </header>
          <div ref={contentRef} className="dialog__content">
            {description && (
              <p id={descriptionId} className="dialog__description">
                {description}
              </p>
            )}
            {children !== undefined && children !== null && <div className="dialog__body">{children}</div>}
            {footer && <footer className="dialog__footer">{footer}</footer>}
          </div>
        </div>
      )}
    </dialog>
  );
}
