// The parts of the app the e2e tests find on every screen, found the way a user (or a screen reader) would.
import type { Page } from 'playwright-core';

export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The page's title: the chat's, or the home page's question. */
export const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The sidebar, when it is exposed (closed, it is hidden from the accessibility tree). */
export const nav = (page: Page) => page.getByRole('navigation', { name: 'Chats and navigation' });

/** The region the toasts are in, which F8 focuses. */
export const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

/** The toasts on screen, newest first. */
export const toasts = (page: Page) => notifications(page).getByRole('listitem');

/** The Settings dialog. */
export const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

/** A section's entry in Settings' list of sections. */
export const settingsSectionButton = (page: Page, section: string) =>
  settingsDialog(page).getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: section, exact: true });

/** Settings (opened with Ctrl+, unless it is open), then one of its sections chosen from the list with a click. */
export async function openSettingsSection(page: Page, section: string): Promise<void> {
  if (!(await settingsDialog(page).isVisible())) await page.keyboard.press('Control+,');
  await settingsSectionButton(page, section).click();
}
