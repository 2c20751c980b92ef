export { Sidebar, type SidebarProps } from './sidebar';
export { ChatHistory } from './chat-history';
export { LazyChatHistory } from './lazy-chat-history';
export { ChatEntry, ENTRY_MENU_CLASS, type ChatEntryProps } from './chat-entry';
export {
  ChatEntryActionsContext,
  DELETED_ICON,
  useChatEntryActions,
  useChatEntryActionsValue,
  type ChatEntryActions,
} from './chat-entry-actions';
export { RenameField, type RenameEnd, type RenameFieldProps } from './rename-field';
export { formatMonth, groupKey, groupLabel } from './group-label';
export { limitGroups, neighbourOf } from './visible-groups';
export { INITIAL_RENDERED_ENTRIES, RENDER_BATCH_ENTRIES, SENTINEL_ROOT_MARGIN, useRenderLimit, type RenderLimit } from './use-render-limit';
export { MIDNIGHT_MARGIN_MS, useCurrentDay } from './use-current-day';
export { useMediaQuery } from '../../lib/use-media-query';
export {
  DRAWER_MEDIA_QUERY,
  SIDEBAR_STORAGE_KEY,
  useSidebarState,
  type SidebarControl,
  type SidebarMode,
  type SidebarState,
  type SidebarStateOptions,
} from './use-sidebar-state';
export {
  ariaKeyShortcut,
  hotkeyLabel,
  isApplePlatform,
  matchesHotkey,
  NEW_CHAT_HOTKEY,
  pickLayoutHotkey,
  SEARCH_HOTKEY,
  SIDEBAR_HOTKEY,
  useGlobalHotkey,
  useLayoutHotkeys,
  type Hotkey,
  type HotkeyEvent,
  type LayoutHotkeyHandlers,
} from './use-layout-hotkeys';
export { FOCUS_WAIT_MS, focusWhenReady, type FocusWhenReadyOptions } from './focus-when-ready';
