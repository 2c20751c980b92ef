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
}

export function findChromium(): string | null;
export const CHROMIUM_ARGS: readonly string[];
export function launchBrowser(options?: LaunchOptions): Promise<TestBrowser>;
