import { startOpenAiServer } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { chatPlan, seed } from './common.mjs';
const server = await startOpenAiServer({ models: ['test-model'] });
const app = await serveBuild();
const browser = await launchBrowser();
const chats = await seed(browser, app.url, server.url, chatPlan(2000, 20));
const page = await browser.newPage();
await page.goto(app.url + 'assets/seed.txt');
for (const chat of [chats.short1, chats.long1, chats.short1, chats.long1, chats.long2]) {
  const r = await page.evaluate((chatId) => new Promise((done) => {
    const open = indexedDB.open('parley');
    open.onsuccess = () => {
      const db = open.result;
      const t0 = performance.now();
      const req = db.transaction('messages').objectStore('messages').index('chatId_createdAt').getAll(IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity]));
      req.onsuccess = () => { const t1 = performance.now(); const keys = db.transaction('messages').objectStore('messages').index('chatId_createdAt').getAllKeys(IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity])); keys.onsuccess = () => { done({ n: req.result.length, getAll: t1 - t0, keys: performance.now() - t1, bytes: JSON.stringify(req.result).length }); db.close(); }; };
    };
  }), chat.id);
  console.log(chat.title, JSON.stringify(r));
}
await browser.close(); await app.close(); await server.close();
