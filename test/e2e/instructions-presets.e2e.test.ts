// Issue 23's journey in real Chromium: standing instructions written in Settings go first in the
// next request; a preset made from a chat's settings starts a new chat from home (its system
// prompt and temperature in the request); the header's Custom mark comes with a chat's own
// temperature and goes with Reset to defaults. By keyboard alone at desktop size, by finger at
// 390×844 (touch), light and dark, axe-clean at each stop; screenshots in /tmp/shots.
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp, streamedRequests } from './connected-app';
import { settingsDialog, settingsSectionButton } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations, checkStop, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';

const appUrl = inject('appUrl');
const SHOTS = '/tmp/shots';
const SEPARATOR = '\n\n---\n\n';
const INSTRUCTIONS = 'About the user:\nI am a paediatric nurse.\n\nHow to reply:\nShort answers, metric units.';

let server: OpenAiServer;
let page: Page;

modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

type Way = 'keyboard' | 'touch';
/** The whole journey: three chats' worth of Settings, dialogs and replies, each stop checked by axe. */
const JOURNEY_MS = 150_000;

const journeys = [
  ['desktop', 'keyboard', 'light'],
  ['desktop', 'keyboard', 'dark'],
  ['phone', 'touch', 'light'],
  ['phone', 'touch', 'dark'],
] as const;

describe.each(journeys)('instructions and presets, %s by %s, %s', (viewport, way: Way, colorScheme) => {
  const touch = way === 'touch';
  pagePerTest({
    viewport: VIEWPORTS[viewport],
    colorScheme,
    hasTouch: touch,
    isMobile: touch,
    async onOpen(opened) {
      page = opened.page;
      if (!touch) await watchPointerEvents(page);
    },
  });

  /** Presses a control the way this journey does: Tab to it and Enter, or a tap. */
  const press = async (target: Locator, key = 'Enter') => {
    if (touch) return target.tap();
    await tabTo(page, target);
    await page.keyboard.press(key);
  };
  /** Types into a field: reached by Tab, or tapped. */
  const type = async (target: Locator, text: string) => {
    if (touch) await target.tap();
    else await tabTo(page, target);
    await target.fill(text);
  };
  const shot = async (name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/library-${name}-${viewport}-${colorScheme}.png` });
  };
  const reply = () => page.getByRole('article', { name: 'Assistant' }).last();
  const lastBody = () => streamedRequests(server).at(-1)!.body as { messages: { role: string; content: string }[]; temperature?: number; model?: string };
  const mark = () => page.locator('.chat-header__mark');
  const chatDialog = () => page.getByRole('dialog', { name: 'Chat settings' });

  const openSettings = async () => {
    if (touch) {
      await page.getByRole('button', { name: 'Open sidebar' }).first().tap();
      await page.getByRole('navigation', { name: 'Chats and navigation' }).getByRole('button', { name: 'Settings' }).tap();
    } else await page.keyboard.press('Control+,');
    await settingsDialog(page).waitFor();
  };
  const closeSettings = async () => {
    if (touch) await settingsDialog(page).getByRole('button', { name: 'Done' }).tap();
    else await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'hidden' });
    // On a phone the drawer Settings was opened from is still over the page.
    const drawer = page.getByRole('navigation', { name: 'Chats and navigation' }).getByRole('button', { name: 'Close sidebar' });
    if (touch && (await drawer.isVisible())) await drawer.tap();
  };
  const openChatSettings = async () => {
    if (touch) {
      await page.locator('.chat-header__more').tap();
      await page.getByRole('menuitem', { name: 'Chat settings' }).tap();
    } else await press(page.locator('.chat-header__actions').getByRole('button', { name: 'Chat settings' }));
    await chatDialog().waitFor();
  };
  const send = async (text: string) => {
    await type(composer(page), text);
    if (touch) await page.getByRole('button', { name: 'Send' }).tap();
    else await page.keyboard.press('Enter');
  };

  it('instructions sent first; a preset from a chat starts a chat from home; Custom comes and goes', async () => {
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream('Fine.'));

    // Settings → Instructions: written, saved as typed.
    await openSettings();
    await press(settingsSectionButton(page, 'Instructions'));
    await type(settingsDialog(page).getByLabel('What should Parley know about you?'), 'I am a paediatric nurse.');
    await type(settingsDialog(page).getByLabel('How should replies be?'), 'Short answers, metric units.');
    await expect.poll(() => settingsDialog(page).getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
    expect(await settingsDialog(page).getByRole('switch', { name: 'Use these instructions in every chat' }).isChecked()).toBe(true);
    await checkStop(page, 'Settings → Instructions');
    await shot('instructions');
    await settingsDialog(page).getByText('Tool servers', { exact: true }).scrollIntoViewIfNeeded();
    await shot('defaults');
    await closeSettings();

    // The next request carries them first.
    await send('Hello');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
    expect(lastBody().messages[0]).toEqual({ role: 'system', content: INSTRUCTIONS });
    expect(lastBody()).not.toHaveProperty('temperature');
    expect(await mark().count()).toBe(0);

    // The chat's own temperature: the Custom mark; Reset to defaults: gone.
    await openChatSettings();
    await type(chatDialog().getByLabel('Temperature'), '0.4');
    await press(chatDialog().getByRole('button', { name: 'Save', exact: true }));
    await chatDialog().waitFor({ state: 'hidden' });
    await expect.poll(() => mark().textContent()).toBe('Custom');
    await checkStop(page, 'a chat with its own temperature');
    await shot('custom-mark');
    await press(mark());
    await chatDialog().waitFor();
    await press(chatDialog().getByRole('button', { name: 'Reset to defaults' }));
    await chatDialog().waitFor({ state: 'hidden' });
    await expect.poll(() => mark().count()).toBe(0);

    // Save as preset, from the chat's settings as typed; What the model receives shows the whole message.
    await openChatSettings();
    await type(chatDialog().getByLabel('System prompt'), 'Reply in French.');
    await type(chatDialog().getByLabel('Temperature'), '0.3');
    await press(chatDialog().getByText('What the model receives'));
    const parts = chatDialog().locator('.chat-setup-panel__part');
    expect(await parts.locator('pre').allTextContents()).toEqual([INSTRUCTIONS, 'Reply in French.']);
    await type(chatDialog().getByLabel('Preset name'), 'French');
    await press(chatDialog().getByRole('button', { name: 'Save as preset' }));
    await chatDialog().getByText('Saved as the preset “French”.').waitFor();
    await checkStop(page, 'Chat settings with What the model receives');
    await shot('chat-settings');
    await parts.last().scrollIntoViewIfNeeded();
    await shot('chat-settings-receives');
    if (touch) await chatDialog().getByRole('button', { name: 'Cancel' }).tap();
    else await page.keyboard.press('Escape');
    await chatDialog().waitFor({ state: 'hidden' });
    await expect.poll(() => mark().textContent()).toBe('French');

    // Home: the preset in the picker, above the models; the new chat starts with it.
    await press(page.getByRole('link', { name: 'New chat' }).locator('visible=true').first());
    await page.waitForURL((url) => url.pathname === new URL(appUrl).pathname);
    const picker = page.locator('.home-page__model');
    await press(picker);
    const presets = page.getByRole('group', { name: 'Presets' });
    await presets.waitFor();
    expect(await page.getByRole('listbox', { name: 'Models' }).getByRole('group').first().getAttribute('data-group')).toBe('presets');
    // The open list is checked on its own: portalled to the body, axe's page-level "region" rule (about landmarks) does not apply to a popup.
    expect(await axeViolations(page, '.model-picker__popover')).toEqual([]);
    await shot('picker');
    if (touch) await presets.getByRole('option', { name: /French/ }).tap();
    else {
      await page.keyboard.type('fren');
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => picker.textContent()).toContain('French');
    await send('Bonjour');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
    expect(lastBody().messages[0]).toEqual({ role: 'system', content: `${INSTRUCTIONS}${SEPARATOR}Reply in French.` });
    expect(lastBody().temperature).toBe(0.3);
    expect(lastBody().model).toBe('test-model');
    await expect.poll(() => mark().textContent()).toBe('French');

    // Settings → Presets lists it.
    await openSettings();
    await press(settingsSectionButton(page, 'Presets'));
    await settingsDialog(page).getByText('French', { exact: true }).waitFor();
    await checkStop(page, 'Settings → Presets');
    await shot('presets');
    await press(settingsDialog(page).getByRole('button', { name: 'Edit French' }));
    const form = settingsDialog(page).getByRole('form', { name: 'Edit preset' });
    expect(await form.getByLabel('Name').inputValue()).toBe('French');
    expect(await form.getByLabel('System prompt').inputValue()).toBe('Reply in French.');
    expect(await form.getByLabel('Temperature').inputValue()).toBe('0.3');
    await checkStop(page, 'editing a preset');
    await shot('preset-form');
    // A thinking budget and a reasoning effort are kept with the preset.
    await type(form.getByLabel('Thinking budget (Anthropic)'), '2048');
    const effort = form.getByLabel('Reasoning effort (OpenAI Responses)');
    if (touch) await effort.selectOption('high');
    else {
      await tabTo(page, effort);
      // A closed select steps through its options with the arrow keys: Model default → Minimal → Low → Medium → High.
      for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowDown');
    }
    expect(await effort.inputValue()).toBe('high');
    await checkStop(page, 'a preset with a thinking budget');
    await effort.scrollIntoViewIfNeeded();
    await shot('preset-thinking');
    await press(form.getByRole('button', { name: 'Save preset' }));
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => settingsDialog(page).getByRole('listitem').filter({ hasText: 'French' }).textContent()).toContain('Thinks up to 2048 tokens · High reasoning');
    await closeSettings();

    if (!touch) expect(await pointerEventsSeen(page)).toEqual([]);
  }, JOURNEY_MS);
});
