export { Menu, type MenuProps, type MenuState } from './menu';
export type { MenuItem } from './menu-content';
export {
  placeMenu,
  MENU_OFFSET_PX,
  MENU_VIEWPORT_PADDING_PX,
  type MenuAlign,
  type MenuPlacement,
  type MenuPlacementInput,
  type MenuSide,
} from './menu-placement';
export { moveIndex, typeaheadIndex, isTypeaheadKey, MENU_NAVIGATION_KEYS, type MenuNavigationKey } from './menu-navigation';
