// Runs inside a page of the app's origin: adds chats of given lengths to the app's IndexedDB
// (database `parley`, schema version 1), with messages of realistic length as bench:store's seed
// writes them. Returns each chat's id and the ids of its first and newest messages.
export function seedChats(chats) {
  const WORDS = ('the of and to in is that for it as with was on be by this are from or have an they which one you were her all ' +
    'function value return state render component model server token stream request response error async await promise ' +
    'database index query cursor transaction browser memory cache layout paint frame thread python rust typescript ' +
    'explain example because however therefore consider approach result performance latency throughput benchmark').split(' ');
  let seed = 34;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
  const sentence = () => {
    const n = 6 + Math.floor(random() * 14);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]);
    return words.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
  };
  const text = (sentences) => Array.from({ length: sentences }, sentence).join(' ');
  let counter = 0;
  const id = (time) =>
    time.toString(36).padStart(9, '0') + (counter++ % 1679616).toString(36).padStart(4, '0') + Math.floor(random() * 1e12).toString(36).padStart(14, '0');
  const now = Date.now();
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('parley', 1);
    open.onerror = () => reject(open.error);
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore('chats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
      db.createObjectStore('messages', { keyPath: 'id' }).createIndex('chatId_createdAt', ['chatId', 'createdAt']);
      db.createObjectStore('drafts', { keyPath: 'key' });
      db.createObjectStore('settings', { keyPath: 'key' });
    };
    open.onsuccess = async () => {
      const db = open.result;
      const written = [];
      try {
        for (const [index, { title, messages }] of chats.entries()) {
          // Newest chat last, an hour apart, so the sidebar lists them all in one group.
          const start = now - (chats.length - index) * 3_600_000 - messages * 1_000;
          const chatId = id(start);
          let parentId = null;
          let firstId = '';
          await new Promise((done, fail) => {
            const tx = db.transaction(['chats', 'messages'], 'readwrite');
            for (let m = 0; m < messages; m += 1) {
              const role = m % 2 === 0 ? 'user' : 'assistant';
              const content = role === 'user' ? text(1 + Math.floor(random() * 3)) : text(3 + Math.floor(random() * 6));
              const messageId = id(start + m * 1_000);
              tx.objectStore('messages').put({ id: messageId, chatId, parentId, role, content, status: 'complete', createdAt: start + m * 1_000 });
              firstId ||= messageId;
              parentId = messageId;
            }
            tx.objectStore('chats').put({ id: chatId, title, titleSource: 'user', createdAt: start, updatedAt: start + messages * 1_000, pinned: false, currentLeafId: parentId });
            tx.oncomplete = () => done();
            tx.onerror = () => fail(tx.error);
          });
          written.push({ title, messages, id: chatId, firstId, lastId: parentId });
        }
        db.close();
        resolve(written);
      } catch (error) {
        reject(error);
      }
    };
  });
}
