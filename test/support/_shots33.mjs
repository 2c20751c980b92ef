// Scratch (not committed): pictures of the screens issue 33's settings items change.
import { launchBrowser } from './browser.mjs';
const url = process.argv[2];
const out = '/tmp/shots33';
async function run(name, options, steps) {
  const browser = await launchBrowser(options);
  const page = await browser.newPage();
  try { await steps(page, name); } finally { await browser.close(); }
}
const settle = (page) => page.waitForTimeout(400);
await run('desktop-light', { viewport: { width: 1366, height: 860 }, colorScheme: 'light' }, async (page, name) => {
  for (const s of ['chats', 'connections', 'tools']) {
    await page.goto(`${url}?settings=${s}`);
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await settle(page);
    await page.screenshot({ path: `${out}/${name}-${s}.png` });
  }
});
await run('phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark', hasTouch: true, isMobile: true }, async (page, name) => {
  await page.goto(`${url}?settings=chats`);
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}/${name}-chats.png` });
  await page.getByRole('button', { name: 'All settings' }).tap();
  await settle(page);
  await page.screenshot({ path: `${out}/${name}-list.png` });
  await page.goto(url);
  await page.getByRole('button', { name: 'Open sidebar' }).tap();
  await settle(page);
  await page.screenshot({ path: `${out}/${name}-drawer.png` });
});
console.log('done');
