import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { openConnectedApp, sendFromHome } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { VIEWPORTS } from './screen-checks';

const appUrl = inject('appUrl');
let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

const reply = () => page.getByRole('article', { name: 'Assistant' }).last();
const block = (at: number): Locator => reply().locator('.markdown__code').nth(at);
const output = (at: number) => block(at).getByRole('group', { name: 'Output of the PYTHON block', exact: true });

describe('Run on a Python block', () => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'light',
    async onOpen(opened) {
      page = opened.page;
      page.on('console', (m) => console.log('[page]', m.text()));
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('runs', async () => {
    const code = ['import statistics', 'print("mean", statistics.mean([1, 2, 3, 4]))', '2 ** 10'].join('\n');
    server.setScript(textStream(`Here:\n\n\`\`\`python\n${code}\n\`\`\`\n`, { chunkSize: 80, delayMs: 1 }));
    await sendFromHome(page, 'Write some Python');
    await block(0).getByRole('button', { name: 'Run PYTHON' }).click();
    await output(0).and(page.locator('[data-state]:not([data-state="running"])')).waitFor({ timeout: 60_000 });
    console.log(await output(0).innerText());
  });
});
