import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { composer, openConnectedApp, sendFromHome } from './connected-app';
import { pagePerTest } from './page-per-test';
import { addMcpServer, settingsDialog, toolServersPerFile, toolsSection } from './tools-app';
import { openSettingsSection } from './locators';
import { axeViolations } from './screen-checks';

// Issue 16's interface against the real MCP test server and the production build: Settings → Tools
// lists a server's tools (or says why it cannot), a chat turns the server on from the composer's
// Tools menu, and a call waits on its card for Approve.
const appUrl = inject('appUrl');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 860 },
] as const;

const servers = toolServersPerFile();
let page: Page;

const settings = () => settingsDialog(page);
const tools = () => toolsSection(page);

const addServer = (name: string, url: string) => addMcpServer(page, name, url);

describe.each(VIEWPORTS)('tools at $width×$height', (viewport) => {
  pagePerTest({ viewport, onOpen: (opened) => ({ page } = opened) });

  it('Settings → Tools connects to an MCP server and lists its tools; a server without CORS is explained', async () => {
    servers.mcp.reset();
    await openConnectedApp(page, appUrl, servers.server);
    await openSettingsSection(page, 'Tools');
    await settings().waitFor();
    await addServer('Test tools', servers.mcp.url);
    const item = tools().getByRole('listitem', { name: 'Test tools' });
    const list = item.getByRole('list', { name: 'Tools of Test tools' });
    await list.waitFor();
    expect(await list.getByRole('combobox').count()).toBe(3);
    expect(await item.getByRole('combobox', { name: 'When the model calls echo' }).inputValue()).toBe('ask');
    // Focus went to the server just added.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Test tools');
    await item.scrollIntoViewIfNeeded();
    expect(await axeViolations(page, '.tools-section')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    servers.mcp.setCors('off');
    await addServer('No CORS', servers.mcp.url);
    const failed = tools().getByRole('listitem', { name: 'No CORS' });
    await failed.locator('[data-state="failed"]').first().waitFor();
    expect(await failed.getByRole('status').textContent()).toContain('Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate');
    await failed.scrollIntoViewIfNeeded();
    // The long header lines scroll in their own box: the dialog never scrolls sideways.
    expect(await settings().locator('.dialog__body').evaluate((body) => body.scrollWidth <= body.clientWidth)).toBe(true);
    expect(await axeViolations(page, '.tools-section')).toEqual([]);
    servers.mcp.setCors('full');
  });

  it('a chat turns the server on from the Tools menu; a call waits on its card for Approve', async () => {
    servers.mcp.reset();
    await openConnectedApp(page, appUrl, servers.server);
    await openSettingsSection(page, 'Tools');
    await settings().waitFor();
    await addServer('Test tools', servers.mcp.url);
    await tools().getByRole('list', { name: 'Tools of Test tools' }).waitFor();
    await page.keyboard.press('Escape');
    await sendFromHome(page, 'hello');
    await page.getByRole('article', { name: 'Assistant' }).getByText('You said: hello').waitFor();

    const button = page.getByRole('button', { name: 'Tools', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitemcheckbox', { name: 'Test tools' });
    expect(await item.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Tools: 1' }).waitFor();
    expect(await item.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');

    await composer(page).fill('call echo with hi there');
    await composer(page).press('Enter');
    const card = page.locator('.tool-call[data-state="pending"]');
    await card.waitFor();
    expect(await card.getByText('on Test tools').isVisible()).toBe(true);
    expect(await card.locator('pre').textContent()).toBe('{\n  "text": "hi there"\n}');
    await card.scrollIntoViewIfNeeded();
    expect(await axeViolations(page, '.thread')).toEqual([]);

    await card.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.tool-call[data-state="done"]').waitFor();
    await page.getByText('Tool results: hi there').waitFor();
    const result = page.getByRole('article', { name: 'Tool result' });
    expect(await result.locator('summary').textContent()).toBe('Result of echo');
    expect(servers.mcp.calls.map((call) => [call.name, call.state])).toEqual([['echo', 'done']]);
    expect(await axeViolations(page, '.thread')).toEqual([]);

    // A picture a tool returns shows through the thread's files view, inside its folded result.
    await composer(page).fill('call picture');
    await composer(page).press('Enter');
    await page.locator('.tool-call[data-state="pending"]').getByRole('button', { name: 'Approve' }).click();
    const picture = page.getByRole('article', { name: 'Tool result' }).filter({ hasText: 'Result of picture' });
    await picture.locator('summary').click();
    await picture.locator('img').first().waitFor();
    expect(await picture.locator('img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await axeViolations(page, '.thread')).toEqual([]);
  });
});
