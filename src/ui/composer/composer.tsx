import {
  useId,
  useLayoutEffect,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type ComponentPropsWithoutRef,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { t } from '../../i18n';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import { useComposedRefs } from '../../lib/compose-refs';
import { useTextValue, type TextSource } from '../../lib/text-source';
import { Button } from '../button';
import { autoHeight } from './auto-height';
import { useCompositionGuard } from './use-composition-guard';
import { enterSends, plainEnterSends } from './enter-key';
import './composer.css';

export const COMPOSER_SEND_ICON = 'lucide:arrow-up';
export const COMPOSER_STOP_ICON = 'lucide:square';

/** Finds a composer's textarea from outside (the app sends focus there when a dialog's opener is gone). */
export const COMPOSER_INPUT_SELECTOR = 'textarea.composer__input';

/** `streaming` while a reply is being generated: the send button is then a stop button. */
export type ComposerState = 'idle' | 'streaming';

export interface ComposerProps
  extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'onChange' | 'onKeyDown' | 'children' | 'autoFocus'> {
  /**
   * The text, held outside React: the box is uncontrolled, each input is written there and renders
   * nothing (issue 34); a change made there (a send clearing it, a prompt put in, a draft loaded)
   * shows in the box, unless an input method is composing in it.
   */
  text: TextSource;
  /** Called with the trimmed text when the user sends it; the caller clears `text`. */
  onSubmit: (text: string) => void;
  /** A reply is streaming: Enter doesn't send, and Stop replaces Send. */
  streaming?: boolean;
  onStop?: () => void;
  /** Disables typing and sending (Stop still works). */
  disabled?: boolean;
  /** The textarea's accessible name, visually hidden (default: `composer.label`). */
  label?: string;
  placeholder?: string;
  /** Default: `composer.send`. */
  sendLabel?: string;
  /** Default: `composer.stop`. */
  stopLabel?: string;
  autoFocus?: boolean;
  /** Controls beside the send button, e.g. a model picker. */
  toolbar?: ReactNode;
  /** A line under the box, e.g. a hint or a character count. */
  footer?: ReactNode;
  /** Runs first on the textarea's keydown; preventDefault() there skips the built-in Enter handling. */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** The textarea, so callers can focus it. */
  ref?: Ref<HTMLTextAreaElement>;
  /** A stable id for the textarea (hotkeys elsewhere focus it by id); generated when omitted. */
  inputId?: string;
  /** The draft's attachments (a list of chips), shown above the text. */
  attachments?: ReactNode;
  /** Sending with no text is allowed (files are attached): the message is then the files alone. */
  canSendEmpty?: boolean;
  /** A paste carrying files (a screenshot, files copied in a file manager) hands them here instead of the text box. */
  onPasteFiles?: (files: File[]) => void;
}

/** The files a paste carries. */
function pastedFiles(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files ?? []);
  if (files.length > 0) return files;
  // Some browsers list pasted files only as items.
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/**
 * The message box: a textarea that grows with its text, Enter to send and Shift+Enter for a new
 * line (on a touch screen, or as Settings says, Return adds the line and the button sends;
 * Ctrl/⌘+Enter sends everywhere: enter-key.ts), never sending while an input method is composing, and one action button that is
 * Send, or Stop while a reply streams (Escape in the box stops it too). The button stays the same element, so keyboard focus
 * on it survives the switch.
 */
export function Composer({
  text,
  onSubmit,
  streaming = false,
  onStop,
  disabled = false,
  label,
  placeholder,
  sendLabel,
  stopLabel,
  autoFocus,
  toolbar,
  footer,
  onKeyDown,
  ref,
  inputId: givenInputId,
  attachments,
  canSendEmpty = false,
  onPasteFiles,
  className,
  onMouseDown,
  ...rest
}: ComposerProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const mergedRef = useComposedRefs(ref, textareaRef);
  const generatedId = useId();
  const inputId = givenInputId ?? generatedId;
  const composition = useCompositionGuard();
  // The send button follows whether there is text, not the text: typing renders nothing.
  const empty = useTextValue(text, (value) => !value?.trim());
  const canSend = (!empty || canSendEmpty) && !disabled && !streaming;

  // The box shows the text and fits its height: typed (written there by onChange) or changed
  // elsewhere (a send clearing it, a prompt put in, the stored draft loaded), except while an
  // input method composes in the box (its text is not the user's yet).
  useLayoutEffect(() => {
    const box = textareaRef.current!;
    const [fit, stop] = autoHeight(box);
    let last = box.value;
    const show = () => {
      const next = text.get() ?? '';
      if (next === last) return;
      if (box.value !== next) {
        if (composition.composing()) return;
        box.value = next;
      }
      // Only grown at its end: the box need not shrink (one layout, not two).
      fit(next.startsWith(last));
      last = next;
    };
    show();
    const unsubscribe = text.subscribe(show);
    return () => {
      unsubscribe();
      stop();
    };
  }, [text]);

  const send = () => {
    if (!canSend) return;
    onSubmit(text.get()?.trim() ?? '');
    // Sent with the button: back to the box, ready for the next message.
    textareaRef.current?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!onPasteFiles) return;
    const data = event.clipboardData;
    // Copying from a word processor puts its text, its HTML AND a picture of it on the clipboard:
    // that is a paste of text. (A copied image has HTML but no text; a file copied in a file
    // manager has its name as text but no HTML: those are files.)
    if (data?.getData('text/plain') && data.getData('text/html')) return;
    const files = pastedFiles(data);
    if (files.length === 0) return;
    event.preventDefault();
    onPasteFiles(files);
  };

  const onKeys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      // Escape stops the reply streaming here; otherwise (and while an input method composes,
      // where Escape cancels the composition) it is left alone, for a tooltip, the toasts, the page.
      if (!streaming || !onStop || composition.isComposing(event)) return;
      event.preventDefault();
      onStop();
      return;
    }
    // The Enter that confirms an IME candidate belongs to the input method.
    if (event.key !== 'Enter' || composition.isComposing(event) || !enterSends(event)) return;
    // An Enter that sends never adds a line too, even when there is nothing to send yet.
    event.preventDefault();
    send();
  };

  return (
    <form
      {...rest}
      className={className ? `composer ${className}` : 'composer'}
      data-state={streaming ? 'streaming' : 'idle'}
      data-disabled={disabled ? '' : undefined}
      onMouseDown={composeEventHandlers(onMouseDown, (event) => {
        // A press on the box's padding is aimed at the text: focus it rather than nothing.
        // (mousedown, not pointerdown: only its default action moves focus.)
        if (event.target !== event.currentTarget || disabled) return;
        event.preventDefault();
        textareaRef.current?.focus();
      })}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {label ?? t('composer.label')}
      </label>
      {attachments && <div className="composer__attachments">{attachments}</div>}
      <textarea
        ref={mergedRef}
        id={inputId}
        className="composer__input"
        rows={1}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        // The on-screen keyboard's Return key says what it does.
        enterKeyHint={plainEnterSends() ? 'send' : 'enter'}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => text.set(event.target.value)}
        onKeyDown={composeEventHandlers(onKeyDown, onKeys)}
        onPaste={onPaste}
        {...composition.handlers}
      />
      <div className="composer__bar">
        {toolbar && <div className="composer__toolbar">{toolbar}</div>}
        {streaming ? (
          <Button
            className="composer__action"
            icon={COMPOSER_STOP_ICON}
            label={stopLabel ?? t('composer.stop')}
            color="neutral"
            onClick={() => onStop?.()}
          />
        ) : (
          <Button
            className="composer__action"
            type="submit"
            icon={COMPOSER_SEND_ICON}
            label={sendLabel ?? t('composer.send')}
            // aria-disabled, not disabled: a disabled button drops keyboard focus (after Stop, say).
            aria-disabled={!canSend || undefined}
            disabled={disabled}
          />
        )}
      </div>
      {footer && <div className="composer__footer">{footer}</div>}
    </form>
  );
}
