// Runs inside the page: fills the app's IndexedDB (database `parley`, schema version 1) with
// CHATS chats and MESSAGES messages of realistic length, as the app itself would store them.
export function seedDatabase({ chats, messages, longChatMessages, needle }) {
  const WORDS = ('the of and to in is that for it as with was on be by this are from or have an they which one you were her all ' +
    'function value return state render component model server token stream request response error async await promise ' +
    'database index query cursor transaction browser memory cache layout paint frame thread python rust typescript ' +
    'explain example because however therefore consider approach result performance latency throughput benchmark').split(' ');
  let seed = 42;
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

  const DAY = 86_400_000;
  const now = Date.now();
  const perChat = Math.floor((messages - longChatMessages) / (chats - 1));
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
      let longChatId = '';
      const writeChat = (index) =>
        new Promise((done, fail) => {
          const isLong = index === 0;
          const count = isLong ? longChatMessages : perChat;
          // Chats spread over two years; the long chat is the oldest, pinned so it is easy to find.
          const start = now - (isLong ? 730 : Math.floor(random() * 730)) * DAY;
          const chatId = id(start);
          if (isLong) longChatId = chatId;
          const tx = db.transaction(['chats', 'messages'], 'readwrite');
          const store = tx.objectStore('messages');
          let parentId = null;
          let last = '';
          for (let m = 0; m < count; m += 1) {
            const createdAt = start + m * 60_000;
            const role = m % 2 === 0 ? 'user' : 'assistant';
            const content = role === 'user' ? text(1 + Math.floor(random() * 3)) : text(3 + Math.floor(random() * 6));
            const messageId = id(createdAt);
            const withNeedle = index === 1 && m === 0 ? `${content} ${needle}` : content;
            store.put({ id: messageId, chatId, parentId, role, content: withNeedle, status: 'complete', createdAt });
            parentId = messageId;
            last = messageId;
          }
          tx.objectStore('chats').put({
            id: chatId,
            title: isLong ? 'The long chat' : sentence().slice(0, 48),
            titleSource: 'auto',
            createdAt: start,
            updatedAt: start + count * 60_000,
            pinned: isLong,
            currentLeafId: last,
          });
          tx.oncomplete = () => done();
          tx.onerror = () => fail(tx.error);
        });
      try {
        for (let c = 0; c < chats; c += 1) await writeChat(c);
        db.close();
        resolve({ longChatId });
      } catch (error) {
        reject(error);
      }
    };
  });
}
