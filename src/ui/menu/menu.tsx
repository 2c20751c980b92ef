import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import { useComposedRefs } from '../../lib/compose-refs';
import { Button, type ButtonProps } from '../button';
import { MenuContent, type MenuItem } from './menu-content';
import type { MenuAlign } from './menu-placement';
import './menu.css';

type TriggerElement = HTMLButtonElement & HTMLAnchorElement;

/** The trigger is a Button (all its props pass through) that can't be a link. */
export type MenuProps = ButtonProps & {
  items: readonly MenuItem[];
  /** Line the menu up with the trigger's left edge (`start`) or right edge (`end`). */
  align?: MenuAlign;
  /** Told when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
  href?: never;
};

/** What the menu reports on its trigger; not data-state, which an icon-only trigger's tooltip owns. */
export type MenuState = 'open' | 'closed';

/**
 * A menu button (WAI-ARIA menu button pattern): a Button with aria-haspopup="menu" that opens
 * a list of actions. Enter, Space, ArrowDown or a click open it on the first item, ArrowUp on
 * the last; choosing an item closes the menu, returns focus to the trigger, then runs it (a
 * checkbox item, one with `checked`, toggles in place and the menu stays open).
 */
export function Menu({
  items,
  align = 'start',
  onOpenChange,
  id,
  ref,
  onClick,
  onKeyDown,
  onKeyUp,
  ...buttonProps
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const [initialIndex, setInitialIndex] = useState(0);
  const triggerRef = useRef<TriggerElement>(null);
  const mergedRef = useComposedRefs(ref, triggerRef);
  const generatedId = useId();
  const triggerId = id ?? `${generatedId}trigger`;
  const menuId = `${generatedId}menu`;

  const openAt = (index: number) => {
    if (open || items.length === 0) return;
    setInitialIndex(index);
    setOpen(true);
    onOpenChange?.(true);
  };
  // A menu whose trigger goes away (its page unmounts) takes its popover with it; the owner hears it closed.
  const openChange = useRef(onOpenChange);
  const isOpen = useRef(open);
  useEffect(() => {
    openChange.current = onOpenChange;
    isOpen.current = open;
  });
  useEffect(
    () => () => {
      if (isOpen.current) openChange.current?.(false);
    },
    [],
  );

  const close = (returnFocus: boolean) => {
    if (!open) return;
    setOpen(false);
    onOpenChange?.(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  const choose = (item: MenuItem) => {
    // A checkbox item toggles in place: several can be ticked in one visit.
    if (item.checked !== undefined) return item.onSelect();
    // Focus goes back first, so whatever the action focuses next (a rename field, a dialog) keeps it.
    close(true);
    item.onSelect();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    switch (event.key) {
      case 'Enter':
      case ' ':
        // Prevented so the browser doesn't also turn the key into a click that toggles it back.
        event.preventDefault();
        if (open) close(true);
        else openAt(0);
        break;
      case 'ArrowDown':
        event.preventDefault();
        openAt(0);
        break;
      case 'ArrowUp':
        event.preventDefault();
        openAt(items.length - 1);
        break;
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
    }
  };

  return (
    <>
      <Button
        {...(buttonProps as ButtonProps)}
        ref={mergedRef}
        id={triggerId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-menu-state={open ? 'open' : 'closed'}
        onClick={composeEventHandlers(onClick, () => {
          if (open) close(false);
          else openAt(0);
        })}
        onKeyDown={composeEventHandlers(onKeyDown, onTriggerKeyDown)}
        onKeyUp={composeEventHandlers(onKeyUp, (event: KeyboardEvent<HTMLButtonElement>) => {
          // Firefox clicks a button on Space's keyup even when the keydown was prevented.
          if (event.key === ' ') event.preventDefault();
        })}
      />
      {open && (
        <MenuContent
          id={menuId}
          labelledBy={triggerId}
          items={items}
          initialIndex={initialIndex}
          align={align}
          triggerRef={triggerRef}
          onDismiss={close}
          onChoose={choose}
        />
      )}
    </>
  );
}
