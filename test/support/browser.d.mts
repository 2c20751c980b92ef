import type { BrowserContext, Page } from 'playwright-core';

export interface TestBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  reducedMotion?: 'reduce' | 'no-preference';
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  args?: string[];
  /** A phone's touch screen: touch events, and `(pointer: coarse)` / `(hover: none)` match. */
  hasTouch?: boolean;
  /** A phone's browser: the viewport meta tag applies, no scroll bars. */
  isMobile?: boolean;
}

export function findChromium(): string | null;
export const CHROMIUM_ARGS: readonly string[];
export function launchBrowser(options?: LaunchOptions): Promise<TestBrowser>;
export function openContext(options?: LaunchOptions): Promise<TestBrowser>;
export function closeSharedBrowser(): Promise<void>;
