import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../icon';
import { isNavigationKey, isTypeaheadKey, moveIndex, typeaheadIndex } from './menu-navigation';
import { placeMenu, type MenuAlign, type MenuPlacement, type MenuPlacementInput } from './menu-placement';

export interface MenuItem {
  /** Stable within the menu (React key, part of the item's id). */
  id: string;
  label: string;
  /** Leading icon name (`lucide:pencil`), decorative. */
  icon?: string;
  onSelect: () => void;
  /** `error` for destructive actions such as Delete. */
  color?: 'error';
  /** Still reachable with the arrow keys (so it is discoverable), but can't be chosen. */
  disabled?: boolean;
  /** Makes it a menuitemcheckbox: choosing it toggles it and the menu stays open for the next choice. */
  checked?: boolean;
}

/** Reads what placement needs from the layout (happy-dom has none, so tests stub these). */
function measure(trigger: HTMLElement, menu: HTMLElement): Pick<MenuPlacementInput, 'trigger' | 'menu' | 'viewport'> {
  const root = trigger.ownerDocument.documentElement;
  const win = trigger.ownerDocument.defaultView ?? window;
  return {
    trigger: trigger.getBoundingClientRect(),
    // scrollHeight plus borders: the natural height even while an earlier max-height applies.
    menu: { width: menu.offsetWidth, height: menu.scrollHeight + menu.offsetHeight - menu.clientHeight },
    // clientWidth leaves out a classic scrollbar; innerWidth is the fallback where there is no layout.
    viewport: { width: root.clientWidth || win.innerWidth, height: root.clientHeight || win.innerHeight },
  };
}

const samePlacement = (a: MenuPlacement | null, b: MenuPlacement) =>
  a !== null && a.x === b.x && a.y === b.y && a.side === b.side && a.maxHeight === b.maxHeight;

interface MenuContentProps {
  id: string;
  /** The trigger's id: the menu is named by its button. */
  labelledBy: string;
  items: readonly MenuItem[];
  /** The item focused on open (first or last, depending on the key that opened the menu). */
  initialIndex: number;
  align: MenuAlign;
  triggerRef: RefObject<HTMLElement | null>;
  /** Close without choosing; `returnFocus` puts focus back on the trigger. */
  onDismiss: (returnFocus: boolean) => void;
  /** Close and run the item (the menu returns focus to the trigger first). */
  onChoose: (item: MenuItem) => void;
}

/**
 * The open menu: a role="menu" list portalled out of clipping containers (into the page's
 * <main>, or into the trigger's <dialog>, since everything outside a modal dialog is inert), placed at
 * the trigger before the first paint, with a roving tabindex over its items.
 */
export function MenuContent({ id, labelledBy, items, initialIndex, align, triggerRef, onDismiss, onChoose }: MenuContentProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLDivElement | null)[]>([]);
  const [active, setActive] = useState(initialIndex);
  const [placement, setPlacement] = useState<MenuPlacement | null>(null);
  const dismiss = useEffectEvent(onDismiss);

  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    const menu = menuRef.current;
    if (!trigger || !menu) return;
    const doc = trigger.ownerDocument;
    const win = doc.defaultView ?? window;
    const update = () => {
      const next = placeMenu({ ...measure(trigger, menu), align });
      setPlacement((current) => (samePlacement(current, next) ? current : next));
    };
    update();
    // Follow the trigger when the page scrolls or the window resizes, rather than float away.
    win.addEventListener('resize', update);
    doc.addEventListener('scroll', update, true);
    return () => {
      win.removeEventListener('resize', update);
      doc.removeEventListener('scroll', update, true);
    };
  }, [triggerRef, align, items]);

  const placed = placement !== null;
  useLayoutEffect(() => {
    // Not before the menu is placed: until then it is visibility: hidden, and a browser won't
    // focus a hidden element, which would leave focus on the trigger and the keys with nothing to move.
    if (placed) itemRefs.current[active]?.focus();
  }, [active, placed]);

  useEffect(() => {
    const doc = triggerRef.current?.ownerDocument ?? document;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      // The trigger toggles the menu itself on click; closing here would reopen it.
      if (target && (menuRef.current?.contains(target) || triggerRef.current?.contains(target))) return;
      dismiss(false);
    };
    // Focus moved elsewhere without a press (a hotkey, a navigation focusing the new page's
    // heading, a script): a menu left open there would act on keys it no longer receives.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (target && (menuRef.current?.contains(target) || triggerRef.current?.contains(target))) return;
      dismiss(false);
    };
    // Capture phase: a press that a widget underneath stops from propagating still closes the menu.
    doc.addEventListener('pointerdown', onPointerDown, true);
    doc.addEventListener('focusin', onFocusIn);
    return () => {
      doc.removeEventListener('pointerdown', onPointerDown, true);
      doc.removeEventListener('focusin', onFocusIn);
    };
  }, [triggerRef]);

  const choose = (index: number) => {
    const item = items[index];
    if (item && !item.disabled) onChoose(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { key } = event;
    if (isNavigationKey(key)) {
      event.preventDefault();
      setActive((current) => moveIndex(key, current, items.length));
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (key === 'Escape') {
      // This Escape closed the menu: a dialog or page handler behind it must not act on it too.
      event.preventDefault();
      event.stopPropagation();
      onDismiss(true);
    } else if (key === 'Tab') {
      // Not prevented: with focus back on the trigger, the browser moves on from there.
      onDismiss(true);
    } else if (isTypeaheadKey(event)) {
      const index = typeaheadIndex(
        items.map((item) => item.label),
        active,
        key,
      );
      if (index >= 0) setActive(index);
    }
  };

  const style = placement
    ? ({
        '--menu-x': `${placement.x}px`,
        '--menu-y': `${placement.y}px`,
        '--menu-max-height': `${placement.maxHeight}px`,
      } as CSSProperties)
    : undefined;
  const trigger = triggerRef.current;
  // The <main> the app is mounted on rather than the bare body: content outside every landmark
  // is missed by screen readers' landmark navigation (axe's "region" rule).
  const container = trigger?.closest('dialog') ?? trigger?.closest('main') ?? trigger?.ownerDocument.body ?? document.body;

  return createPortal(
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      aria-orientation="vertical"
      className="menu"
      data-state="open"
      data-side={placement?.side ?? 'bottom'}
      data-placed={placement ? '' : undefined}
      style={style}
      onKeyDown={onKeyDown}
    >
      {items.map((item, index) => (
        <div
          key={item.id}
          ref={(node) => {
            itemRefs.current[index] = node;
          }}
          id={`${id}-${item.id}`}
          role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
          aria-checked={item.checked}
          className="menu__item"
          tabIndex={index === active ? 0 : -1}
          aria-disabled={item.disabled || undefined}
          data-color={item.color}
          onClick={() => choose(index)}
          onFocus={() => {
            // Focus moved by something other than our keys (a screen reader's cursor): the roving tabindex follows it.
            if (index !== active) setActive(index);
          }}
          onPointerMove={() => {
            // The pointer and the keyboard share one highlight: hovering moves focus too.
            if (index !== active) setActive(index);
          }}
        >
          {item.checked !== undefined && <Icon name={item.checked ? 'lucide:square-check' : 'lucide:square'} className="menu__icon" />}
          {item.icon && <Icon name={item.icon} className="menu__icon" />}
          <span className="menu__label">{item.label}</span>
        </div>
      ))}
    </div>,
    container,
  );
}
