import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMcpServer, type RunningMcpServer } from '../support/mcp-server/index.mjs';
import { toolScript, type OpenAiServer } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp, sendFromHome } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { openSettingsSection } from './locators';
import { axeViolations } from './screen-checks';
import { addMcpServer, settingsDialog, toolsSection } from './tools-app';

// Issue 16's OAuth: an MCP server that answers 401 with an OAuth challenge (the SDK's bearer check
// and auth router, whose authorize endpoint approves at once). Settings → Tools offers Sign in,
// the popup goes through the authorization page to our callback page and closes by itself, the
// tools are listed, and a chat's call reaches the server with the token it issued.
const appUrl = inject('appUrl');

let server: OpenAiServer;
let mcp: RunningMcpServer;
let page: Page;
modelServerPerFile({ models: ['test-model'], script: toolScript() }, (started) => (server = started));
beforeAll(async () => {
  mcp = await startMcpServer({ oauth: true });
});
afterAll(() => mcp?.close());
afterEach(() => mcp?.reset());

const tools = () => toolsSection(page);

/** The requests to the MCP endpoint since the last reset, and whether each carried a token the server issued. */
function mcpRequestsCarryToken(): boolean[] {
  const issued = new Set(mcp.issuedAccessTokens().map((token) => `Bearer ${token}`));
  return mcp.requests.filter((request) => request.path === '/mcp').map((request) => issued.has(String(request.headers.authorization)));
}

/** The app connected, Settings → Tools open with the OAuth-protected server added: its entry and its Sign in button. */
async function openSecuredServer() {
  await openConnectedApp(page, appUrl, server);
  await openSettingsSection(page, 'Tools');
  await settingsDialog(page).waitFor();
  await addMcpServer(page, 'Secured', mcp.url);
  const item = tools().getByRole('listitem', { name: 'Secured' });
  const signIn = item.getByRole('button', { name: 'Sign in to Secured' });
  await signIn.waitFor();
  return { item, signIn };
}

describe('MCP OAuth sign-in', () => {
  pagePerTest({ viewport: { width: 1366, height: 860 }, cspConsoleErrors: true, onOpen: (opened) => ({ page } = opened) });

  it('a blocked popup and a popup closed before the end say so, and Sign in stays', async () => {
    const { item, signIn } = await openSecuredServer();

    // What a popup blocker does: window.open returns null.
    await page.evaluate(() => {
      const original = window.open;
      window.open = () => null;
      (window as unknown as { restoreOpen(): void }).restoreOpen = () => void (window.open = original);
    });
    await signIn.click();
    await item.getByText('The browser blocked the sign-in window.', { exact: false }).waitFor();
    await page.evaluate(() => (window as unknown as { restoreOpen(): void }).restoreOpen());

    const popupOpened = page.waitForEvent('popup');
    await signIn.click();
    await (await popupOpened).close();
    await item.getByText('The sign-in window was closed before signing in finished.', { exact: false }).waitFor();
    expect(await item.getByRole('status').getAttribute('data-state')).toBe('sign-in');
    expect(await signIn.isEnabled()).toBe(true);
    expect(await axeViolations(page, '.tools-section')).toEqual([]);
  });

  it('Sign in opens the popup, which closes by itself; the tools are listed and a chat’s call carries the token', async () => {
    const { item, signIn } = await openSecuredServer();
    expect(await item.getByRole('status').textContent()).toContain('This server asks you to sign in (OAuth).');
    expect(await item.getByRole('status').getAttribute('data-state')).toBe('sign-in');
    expect(await axeViolations(page, '.tools-section')).toEqual([]);

    const popupOpened = page.waitForEvent('popup');
    await signIn.focus();
    await page.keyboard.press('Enter');
    const popup = await popupOpened;
    if (!popup.isClosed()) await popup.waitForEvent('close');

    const list = item.getByRole('list', { name: 'Tools of Secured' });
    await list.waitFor();
    expect(await list.getByRole('combobox').count()).toBe(3);
    expect(await item.getByRole('button', { name: 'Sign in to Secured' }).count()).toBe(0);
    expect(mcp.issuedAccessTokens().length).toBeGreaterThan(0);
    // Before signing in, requests had no token; after it, the listing's requests carried the issued one.
    expect(mcpRequestsCarryToken().at(-1)).toBe(true);

    mcp.reset();
    await page.keyboard.press('Escape');
    await sendFromHome(page, 'hello');
    await page.getByRole('article', { name: 'Assistant' }).getByText('You said: hello').waitFor();
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Secured' }).click();
    await page.getByRole('button', { name: 'Tools: 1' }).waitFor();
    await page.keyboard.press('Escape');
    await composer(page).fill('call echo with signed in');
    await composer(page).press('Enter');
    await page.locator('.tool-call[data-state="pending"]').getByRole('button', { name: 'Approve' }).click();
    await page.locator('.tool-call[data-state="done"]').waitFor();
    await page.getByText('Tool results: signed in').waitFor();
    expect(mcp.calls.map((call) => [call.name, call.state])).toEqual([['echo', 'done']]);
    const carried = mcpRequestsCarryToken();
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.every(Boolean)).toBe(true);
  });

  it('the sign-in page cannot navigate Parley’s tab (no window.opener), and sign-in still completes', async () => {
    const { item, signIn } = await openSecuredServer();
    const before = page.url();
    const tabnabbed = `${mcp.origin}/tabnabbed`;
    mcp.setSignInOpenerTarget(tabnabbed);

    const popupOpened = page.waitForEvent('popup');
    await signIn.click();
    const popup = await popupOpened;
    if (!popup.isClosed()) await popup.waitForEvent('close');
    await item.getByRole('list', { name: 'Tools of Secured' }).waitFor();

    expect(mcp.signInReports()).toEqual([{ openerNull: true, error: expect.stringContaining('TypeError') }]);
    expect(page.url()).toBe(before);
    expect(mcp.requests.some((request) => request.path === '/tabnabbed')).toBe(false);
    expect(await item.getByRole('status').getAttribute('data-state')).toBe('ok');
  });

  it('refuses to sign in when the server’s metadata names another resource than its address', async () => {
    const { item, signIn } = await openSecuredServer();
    mcp.setAdvertisedResource(`${mcp.origin}/`);
    const issuedBefore = mcp.issuedAccessTokens().length;
    const popupOpened = page.waitForEvent('popup');
    await signIn.click();
    const popup = await popupOpened;
    if (!popup.isClosed()) await popup.waitForEvent('close');
    await item.getByText(`Sign-in refused: the server’s sign-in details are for another address (${mcp.origin}/ ≠ ${mcp.url})`, { exact: false }).waitFor();
    expect(await item.getByRole('status').getAttribute('data-state')).toBe('sign-in');
    expect(mcp.issuedAccessTokens().length).toBe(issuedBefore);
    expect(mcp.requests.some((request) => request.path === '/authorize')).toBe(false);
  });

  it('refuses to sign in when the 401 points at another origin’s metadata naming another resource: nothing is asked of its authorization server', async () => {
    // Another server on another port, an authorization server too, whose metadata names its own address.
    const other = await startMcpServer({ oauth: true });
    try {
      mcp.setChallengedMetadata(`${other.origin}/.well-known/oauth-protected-resource/mcp`);
      const { item, signIn } = await openSecuredServer();
      const issuedBefore = mcp.issuedAccessTokens().length;
      const popupOpened = page.waitForEvent('popup');
      await signIn.click();
      const popup = await popupOpened;
      if (!popup.isClosed()) await popup.waitForEvent('close');
      await item.getByText(`Sign-in refused: the server’s sign-in details are for another address (${other.url} ≠ ${mcp.url})`, { exact: false }).waitFor();
      expect(await item.getByRole('status').getAttribute('data-state')).toBe('sign-in');
      expect(other.requests.map((request) => request.path).filter((path) => !path.startsWith('/.well-known/'))).toEqual([]);
      expect(other.issuedAccessTokens()).toEqual([]);
      expect(mcp.issuedAccessTokens().length).toBe(issuedBefore);
      expect(mcp.requests.filter((request) => request.headers.authorization !== undefined)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
