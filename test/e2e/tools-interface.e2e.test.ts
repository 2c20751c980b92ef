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

/** The app connected, the test server added (its tools listed) in Settings, and a chat begun with "hello". */
async function openChatWithServerListed() {
  await openConnectedApp(page, appUrl, servers.server);
  await openSettingsSection(page, 'Tools');
  await settings().waitFor();
  await addServer('Test tools', servers.mcp.url);
  await tools().getByRole('list', { name: 'Tools of Test tools' }).waitFor();
  await page.keyboard.press('Escape');
  await sendFromHome(page, 'hello');
  await page.getByRole('article', { name: 'Assistant' }).getByText('You said: hello').waitFor();
}

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
    // Tried before it is added: the form explains, and keeps the server out unless told otherwise.
    const form = tools().getByRole('form', { name: 'Add an MCP server' });
    await form.getByRole('button', { name: 'Add anyway' }).waitFor();
    expect(await form.getByRole('status').textContent()).toContain('Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate');
    expect(await tools().getByRole('listitem', { name: 'No CORS' }).count()).toBe(0);
    await form.scrollIntoViewIfNeeded();
    // The long header lines scroll in their own box: the dialog never scrolls sideways.
    expect(await settings().locator('.dialog__body').evaluate((body) => body.scrollWidth <= body.clientWidth)).toBe(true);
    expect(await axeViolations(page, '.tools-section')).toEqual([]);
    await form.getByRole('button', { name: 'Add anyway' }).click();
    const kept = tools().getByRole('listitem', { name: 'No CORS' });
    await kept.getByText('Not reachable when added').waitFor();
    servers.mcp.setCors('full');
    // Renamed in place; the server answers now, so Connect lists its tools and the mark goes.
    await kept.getByRole('button', { name: 'Edit No CORS' }).click();
    const edit = tools().getByRole('form', { name: 'Edit No CORS' });
    await edit.getByRole('textbox', { name: 'Server name' }).fill('With CORS');
    await edit.getByRole('button', { name: 'Save' }).click();
    const fixed = tools().getByRole('listitem', { name: 'With CORS' });
    await fixed.getByRole('button', { name: 'Connect' }).click();
    await fixed.getByRole('list', { name: 'Tools of With CORS' }).waitFor();
    expect(await fixed.getByText('Not reachable when added').count()).toBe(0);
  });

  it('a chat turns the server on from the Tools menu; a call waits on its card for Approve', async () => {
    servers.mcp.reset();
    await openChatWithServerListed();

    const button = page.getByRole('button', { name: 'Tools', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitemcheckbox', { name: 'Test tools' });
    expect(await item.getAttribute('aria-checked')).toBe('false');
    // Parley's own Code comes first: down to the test server, then Enter ticks it.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => item.evaluate((element) => element === document.activeElement)).toBe(true);
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

// Issue 20: the MCP client's schema library probed for `new Function` as it loaded, and the page's
// CSP (no 'unsafe-eval') reported each probe. Connecting, listing and calling must report nothing.
describe('the MCP client under the strict CSP', () => {
  pagePerTest({
    viewport: VIEWPORTS[1],
    cspConsoleErrors: true,
    onOpen: async (opened) => {
      ({ page } = opened);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
    },
  });

  it('connecting to an MCP server and running a tool causes no CSP violation', async () => {
    servers.mcp.reset();
    await openChatWithServerListed();
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Test tools' }).click();
    await page.getByRole('button', { name: 'Tools: 1' }).waitFor();
    await page.keyboard.press('Escape');
    await composer(page).fill('call echo with no eval');
    await composer(page).press('Enter');
    await page.locator('.tool-call[data-state="pending"]').getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Tool results: no eval').waitFor();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
