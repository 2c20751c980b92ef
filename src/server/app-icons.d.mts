export interface AppIcon {
  file: string;
  size: number;
  purpose: 'any' | 'maskable';
}
export const APP_ICONS: readonly AppIcon[];
export function drawIcon(size: number, options?: { maskable?: boolean }): Buffer;
export function encodePng(size: number, pixels: Buffer): Buffer;
export function appIconFiles(): (AppIcon & { png: Buffer })[];
