// The context meter (issue 24) in real Chromium against the OpenAI-compatible test server, which
// reports usage: exact after a reply, "≈" with a draft, the 80 % warning with a small context,
// where the context came from (the model list; llama.cpp's /props), by keyboard alone at desktop
// size and by finger at 390×844, light and dark, axe clean.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { afterAppIdle, composer, openConnectedApp, sendFromHome } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { checkStop, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';

const appUrl = inject('appUrl');
const SHOTS = process.env.METER_SHOTS;

let server: OpenAiServer;
let page: Page;

// The model list says 2,000 tokens (LM Studio's field); llama.cpp's /props says it runs with 1,000.
modelServerPerFile(
  {
    models: [{ id: 'test-model', max_context_length: 2000 }],
    serverRoutes: { 'GET /props': { json: { default_generation_settings: { n_ctx: 1000 }, total_slots: 1 } } },
  },
  (started) => (server = started),
);

const reply = () => page.getByRole('article', { name: 'Assistant' }).last();
const meter = () => page.locator('.context-meter');
/** What the meter shows (its button's text without the name for screen readers). */
const shown = () => meter().evaluate((m) => `${m.querySelector('.context-meter__figure')?.textContent ?? ''} ${m.querySelector('.context-meter__share')?.textContent ?? ''}`.trim());
const reported = (prompt: number, completion: number) => textStream('Hello back.', { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });

async function shot(name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe.each(['light', 'dark'] as const)('desktop, keyboard only, %s', (colorScheme) => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme, onOpen: (opened) => void (page = opened.page) });

  it('exact after a reply the server reported, ≈ with a draft, warns at 80 %, and its tooltip splits the figure', async () => {
    await openConnectedApp(page, appUrl, server);
    await watchPointerEvents(page);
    server.setScript(reported(1000, 20));
    await sendFromHome(page, 'Hello');
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
    await afterAppIdle(page);
    // Reported prompt + the reply's completion: exact, against the model list's 2,000.
    await expect.poll(shown).toBe('1,020 / 2,000 tokens 51 %');
    expect(await meter().getAttribute('data-state')).toBe('ok');

    await tabTo(page, composer(page));
    await page.keyboard.insertText('x'.repeat(2400));
    // 1,020 + 600 tokens of draft + its framing: estimated, so "≈", and past 80 %.
    await expect.poll(shown).toBe('≈ 1,624 / 2,000 tokens 81 %');
    expect(await meter().getAttribute('data-state')).toBe('warn');

    await tabTo(page, meter().getByRole('button'));
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain('Messages: 1,020');
    expect(await tooltip.textContent()).toContain('Your draft: 604');
    expect(await tooltip.textContent()).toContain('Context 2,000 tokens, from the server’s model list.');
    await shot(`desktop-${colorScheme}`);
    await checkStop(page, 'the meter warning, its tooltip open');
    expect(await pointerEventsSeen(page)).toEqual([]);
  });
});

describe.each(['light', 'dark'] as const)('phone 390×844, touch, %s', (colorScheme) => {
  pagePerTest({ viewport: VIEWPORTS.phone, colorScheme, hasTouch: true, isMobile: true, onOpen: (opened) => void (page = opened.page) });

  it('a llama.cpp server’s /props gives the context; the meter warns at 80 % on a phone', async () => {
    await openConnectedApp(page, appUrl, server, 'llamacpp');
    server.setScript(reported(500, 20));
    // On a phone Return adds a line: the Send button sends.
    await composer(page).tap();
    await composer(page).fill('Hello');
    await page.getByRole('button', { name: 'Send message' }).tap();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
    await expect.poll(shown).toBe('520 / 1,000 tokens 52 %');
    expect(server.requests.some((r) => r.method === 'GET' && r.path === '/props')).toBe(true);

    await composer(page).tap();
    await page.keyboard.insertText('y'.repeat(1200));
    await expect.poll(shown).toBe('≈ 824 / 1,000 tokens 82 %');
    expect(await meter().getAttribute('data-state')).toBe('warn');
    // The accessible name carries the figure (a tooltip never opens on touch).
    expect(await meter().getByRole('button').textContent()).toBe('Context used by the next message: ≈ 824 / 1,000 tokens82 %');
    await shot(`phone-${colorScheme}`);
    await checkStop(page, 'the meter warning on a phone');
  });
});
