export { Avatar, AVATAR_ICON_EM, DEFAULT_CHIP_POSITION } from './avatar';
export type { AvatarChip, AvatarChipColor, AvatarChipPosition, AvatarProps } from './avatar';
export { AVATAR_METRICS, AVATAR_SIZES, DEFAULT_AVATAR_SIZE } from './avatar-sizes';
export type { AvatarMetrics, AvatarSize } from './avatar-sizes';
export { firstCharacter, initialsOf, MAX_INITIALS } from './initials';
export { loadImageElement, resetImageLoader, setImageLoader, useImageStatus } from './use-image-status';
export type { ImageLoader, ImageStatus } from './use-image-status';
