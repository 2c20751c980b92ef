// Runs inside a page of the app's origin: adds one chat whose replies each hold an HTML artifact (a
// small page with a script, as models write them) to the app's IndexedDB. Returns the chat's id and
// the ids of its first and newest messages.
export function seedArtifactChat({ artifacts }) {
  let counter = 0;
  const id = (time) => time.toString(36).padStart(9, '0') + (counter++).toString(36).padStart(4, '0') + 'bench00000000a';
  const page = (n) =>
    [
      '<!doctype html>',
      '<html>',
      '<head><style>body{font-family:sans-serif;margin:16px}button{font-size:16px}</style></head>',
      '<body>',
      `  <h1>Counter ${n}</h1>`,
      '  <p>Press the button to count.</p>',
      '  <button id="b">0</button>',
      '  <script>',
      "    const b = document.getElementById('b');",
      '    let n = 0;',
      "    b.addEventListener('click', () => (b.textContent = String(++n)));",
      '  </script>',
      '</body>',
      '</html>',
    ].join('\n');
  const start = Date.now() - artifacts * 2 * 60_000;
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
    open.onsuccess = () => {
      const db = open.result;
      const chatId = id(start);
      const tx = db.transaction(['chats', 'messages'], 'readwrite');
      let parentId = null;
      let firstId = '';
      for (let m = 0; m < artifacts * 2; m += 1) {
        const role = m % 2 === 0 ? 'user' : 'assistant';
        const n = Math.floor(m / 2) + 1;
        const content = role === 'user' ? `Make counter page ${n}, a little different from the last.` : `Here is **counter-${n}.html**:\n\n\`\`\`html\n${page(n)}\n\`\`\`\n\nPress the button to try it.`;
        const messageId = id(start + m * 60_000);
        tx.objectStore('messages').put({ id: messageId, chatId, parentId, role, content, status: 'complete', createdAt: start + m * 60_000 });
        firstId ||= messageId;
        parentId = messageId;
      }
      tx.objectStore('chats').put({ id: chatId, title: `${artifacts} artifacts`, titleSource: 'user', createdAt: start, updatedAt: start + artifacts * 120_000, pinned: false, currentLeafId: parentId });
      tx.oncomplete = () => {
        db.close();
        resolve({ id: chatId, firstId, lastId: parentId });
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}
