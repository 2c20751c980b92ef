// Closing a dialog gives the message box back in working order (Chromium): after an inner form
// of Settings had been opened and closed, closing Settings left the box focused but deaf to
// typing — its keydowns came, its text never did — until it was focused again.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpenAiServer } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp } from './connected-app';
import { settingsDialog, settingsSectionButton } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { focused, VIEWPORTS } from './screen-checks';

const appUrl = inject('appUrl');
let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

describe('closing Settings by keyboard', () => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'light',
    async onOpen(opened) {
      page = opened.page;
    },
  });

  it('after a form inside it was opened and closed, the message box takes what is typed next', async () => {
    await openConnectedApp(page, appUrl, server);
    await page.keyboard.press('Control+,');
    await settingsDialog(page).waitFor();
    await settingsSectionButton(page, 'Prompts').focus();
    await page.keyboard.press('Enter');
    const section = settingsDialog(page).getByRole('region', { name: 'Prompts' });
    await section.getByRole('button', { name: 'Add prompt' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('input Name');
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe('button Add prompt');
    await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('textarea Message');
    await page.keyboard.type('hello');
    expect(await composer(page).inputValue()).toBe('hello');
  }, 60_000);
});
