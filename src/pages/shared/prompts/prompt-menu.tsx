/**
 * The saved-prompts menu of the message box (issue 23), loaded when `/` starts the text: what
 * follows the slash filters the list while the box keeps focus (↑/↓ move the active prompt,
 * announced with aria-activedescendant; Enter or a tap inserts; Escape closes and leaves the text;
 * it hides while focus is elsewhere).
 * A prompt with variables asks for them first (prompt-form.tsx); the filled text replaces `/query`
 * in the box, unsent, with the caret at its end.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { dateTimeValues, fillPrompt, promptVariables, useLibrary } from '../../../chat/library';
import type { LibraryPrompt } from '../../../chat/types';
import { registerMessages, t } from '../../../i18n';
import { prompts as promptStrings } from '../../../i18n/en/prompts';
import { placeMenu, type MenuPlacement } from '../../../ui/menu';
import { useTextValue } from '../../../lib/text-source';
import type { PromptSlotProps } from '../prompt-slot';
import { bodyPreview, filterPrompts } from './prompt-filter';
import { PromptForm } from './prompt-form';
import { forgetThreadSelection, threadSelection } from './thread-selection';
import './prompt-menu.css';

// The menu's strings come with it: registered before it renders.
registerMessages(promptStrings);

/** The attributes the box carries while the list is shown (a textarea may not take role="combobox"; these are allowed on a textbox). */
const BOX_ATTRIBUTES = ['aria-controls', 'aria-autocomplete', 'aria-activedescendant'] as const;

export interface PromptMenuProps extends PromptSlotProps {
  /** Tests: what the clipboard holds. */
  readClipboard?: () => Promise<string>;
  now?: () => Date;
}

/** Where the menu goes: above or below the message box, as wide as it, inside the viewport. */
function place(anchor: HTMLElement, popover: HTMLElement): MenuPlacement & { width: number } {
  const root = anchor.ownerDocument.documentElement;
  const win = anchor.ownerDocument.defaultView ?? window;
  const box = anchor.getBoundingClientRect();
  const viewport = { width: root.clientWidth || win.innerWidth, height: win.visualViewport?.height ?? (root.clientHeight || win.innerHeight) };
  const width = Math.min(box.width, viewport.width);
  const height = popover.scrollHeight + popover.offsetHeight - popover.clientHeight;
  return { ...placeMenu({ trigger: box, menu: { width, height }, viewport, align: 'start' }), width };
}

const samePlace = (a: MenuPlacement & { width: number }, b: MenuPlacement & { width: number }) =>
  a.x === b.x && a.y === b.y && a.side === b.side && a.maxHeight === b.maxHeight && a.width === b.width;

export default function PromptMenu({ text: source, inputRef, readClipboard, now = () => new Date() }: PromptMenuProps) {
  // The menu filters by the whole text: it renders per keystroke while it is open (only then).
  const text = useTextValue(source, (value) => value ?? '');
  const library = useLibrary();
  const baseId = useId();
  const listboxId = `${baseId}list`;
  const optionId = (prompt: LibraryPrompt) => `${baseId}-${prompt.id}`;
  /** Escape closed the list: it stays closed until the text no longer starts with `/`. */
  const [dismissed, setDismissed] = useState(false);
  const [boxFocused, setBoxFocused] = useState(() => inputRef.current !== null && inputRef.current === inputRef.current.ownerDocument.activeElement);
  const [filling, setFilling] = useState<{ prompt: LibraryPrompt; filled: Record<string, string> } | null>(null);
  // What was selected in the thread when the menu opened (the box has the browser's selection now).
  const [selection] = useState(threadSelection);
  const listed = !dismissed && boxFocused && !filling && !text.includes('\n');
  const shown = useMemo(() => filterPrompts(library.prompts, text.slice(1)), [library.prompts, text]);
  const [activeId, setActiveId] = useState<string | undefined>();
  const active = shown.find((prompt) => prompt.id === activeId) ?? shown[0];
  const popoverRef = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<(MenuPlacement & { width: number }) | null>(null);

  /** Focus back in the box at once (the menu's field that had it is about to go); the caret once the new text is in. */
  const backToBox = (caretAtEnd: boolean) => {
    const box = inputRef.current;
    box?.focus();
    if (caretAtEnd) requestAnimationFrame(() => box?.setSelectionRange(box.value.length, box.value.length));
  };

  const insert = (filled: string) => {
    setDismissed(true);
    setFilling(null);
    forgetThreadSelection();
    source.set(filled);
    backToBox(true);
  };

  const choose = (prompt: LibraryPrompt) => {
    const filled: Record<string, string> = { ...dateTimeValues(now()), ...(selection !== '' && { selection }) };
    const asked = promptVariables(prompt.body).filter((variable) => !Object.hasOwn(filled, variable.name));
    if (asked.length === 0) insert(fillPrompt(prompt.body, filled));
    else setFilling({ prompt, filled });
  };

  const cancelForm = () => {
    setFilling(null);
    setDismissed(true);
    backToBox(false);
  };

  // The box keeps focus while the list is shown: its keys are read before the composer's (a
  // listener on the textarea runs before React's, and stopping the event there keeps it from Send).
  const keys = useRef<(event: KeyboardEvent) => void>(undefined);
  keys.current = (event) => {
    if (!listed || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = active ? shown.indexOf(active) : -1;
    const move = (step: number) => {
      if (shown.length === 0) return false;
      setActiveId(shown[(at + step + shown.length) % shown.length]!.id);
      return true;
    };
    const actions: Record<string, () => boolean> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Enter: () => {
        if (event.shiftKey || !active) return false;
        choose(active);
        return true;
      },
      Escape: () => {
        setDismissed(true);
        return true;
      },
    };
    if (!actions[event.key]?.()) return;
    event.preventDefault();
    event.stopPropagation();
  };
  useEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    const onKeyDown = (event: KeyboardEvent) => keys.current?.(event);
    // The list shows while the box has focus (or the menu took it): it hides, not closes, when focus leaves.
    const onFocusIn = () => setBoxFocused(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!popoverRef.current?.contains(event.relatedTarget as Node | null)) setBoxFocused(false);
    };
    box.addEventListener('keydown', onKeyDown);
    box.addEventListener('focusin', onFocusIn);
    box.addEventListener('focusout', onFocusOut);
    return () => {
      box.removeEventListener('keydown', onKeyDown);
      box.removeEventListener('focusin', onFocusIn);
      box.removeEventListener('focusout', onFocusOut);
    };
  }, [inputRef]);

  // The box names the list and its active prompt while the list is shown.
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box || !listed || shown.length === 0) return;
    box.setAttribute('aria-controls', listboxId);
    box.setAttribute('aria-autocomplete', 'list');
    if (active) box.setAttribute('aria-activedescendant', optionId(active));
    return () => {
      for (const name of BOX_ATTRIBUTES) box.removeAttribute(name);
    };
  });

  useEffect(() => {
    if (active && listed) popoverRef.current?.ownerDocument.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active?.id, listed]);

  const shownAtAll = listed || filling !== null;
  // Placed after every render (the list's height follows the filter) and when the window changes.
  useLayoutEffect(() => {
    const box = inputRef.current;
    const anchor = box?.closest('form') ?? box;
    const popover = popoverRef.current;
    if (!anchor || !popover) return;
    const win = anchor.ownerDocument.defaultView ?? window;
    const update = () => {
      const next = place(anchor, popover);
      setPlacement((current) => (current && samePlace(current, next) ? current : next));
    };
    update();
    win.addEventListener('resize', update);
    win.visualViewport?.addEventListener('resize', update);
    return () => {
      win.removeEventListener('resize', update);
      win.visualViewport?.removeEventListener('resize', update);
    };
  });

  if (!shownAtAll) return null;
  const style = placement
    ? ({ '--prompt-menu-x': `${placement.x}px`, '--prompt-menu-y': `${placement.y}px`, '--prompt-menu-max-height': `${placement.maxHeight}px`, '--prompt-menu-width': `${placement.width}px` } as CSSProperties)
    : undefined;
  const count = shown.length;
  const query = text.slice(1).trim();

  return createPortal(
    <div
      ref={popoverRef}
      className="prompt-menu"
      role={filling ? 'dialog' : undefined}
      aria-label={filling ? filling.prompt.name : undefined}
      data-state={filling ? 'form' : library.loaded ? 'list' : 'loading'}
      data-placed={placement ? '' : undefined}
      data-side={placement?.side}
      style={style}
    >
      {filling ? (
        <PromptForm prompt={filling.prompt} filled={filling.filled} onInsert={insert} onCancel={cancelForm} readClipboard={readClipboard} />
      ) : !library.loaded ? (
        <p className="prompt-menu__note" role="status">
          {t('prompts.menu.loading')}
        </p>
      ) : (
        <>
          {count > 0 && (
            <div id={listboxId} role="listbox" aria-label={t('prompts.menu.label')} className="prompt-menu__list">
              {shown.map((prompt) => (
                <div
                  key={prompt.id}
                  id={optionId(prompt)}
                  role="option"
                  aria-selected={prompt === active}
                  data-active={prompt === active ? '' : undefined}
                  className="prompt-menu__option"
                  // The box keeps focus (and a phone its keyboard): a press must not take it first.
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => choose(prompt)}
                  onPointerMove={() => prompt !== active && setActiveId(prompt.id)}
                >
                  <span className="prompt-menu__name">{prompt.name}</span>
                  <span className="prompt-menu__body">{bodyPreview(prompt.body)}</span>
                </div>
              ))}
            </div>
          )}
          {count === 0 && (
            <p className="prompt-menu__note">{library.prompts.length === 0 ? t('prompts.menu.empty') : t('prompts.menu.noMatch', { query })}</p>
          )}
          <p className="visually-hidden" role="status">
            {count === 0 ? '' : count === 1 ? t('prompts.menu.match') : t('prompts.menu.matches', { count })}
          </p>
        </>
      )}
    </div>,
    // The <main> the app is mounted on (content outside every landmark fails axe), or the box's <dialog>.
    inputRef.current?.closest('dialog') ?? inputRef.current?.closest('main') ?? document.body,
  );
}
