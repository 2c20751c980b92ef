export { Icon, type IconProps } from './icon';
export { useIcon, type IconState } from './use-icon';
export {
  ICON_LOAD_OK,
  ICON_SOURCE_UNAVAILABLE,
  loadIcons,
  setIconFetch,
  setIconHosts,
  type IconFetch,
  type IconLoadResult,
  type IconLoadStatus,
} from './icon-source';
export { addIconSet } from './icon-storage';
export { parseIconName, type IconName } from './icon-name';
export { DEFAULT_ICON_HOST, MAX_ICON_URL_LENGTH } from './icon-request';
export type { IconSet, IconData, IconAlias } from './icon-data';
export { resetIcons } from './reset-icons';
