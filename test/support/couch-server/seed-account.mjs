// An account put straight into a CouchDB-protocol server as another device would have synced it
// (sync documents: src/chat/sync/sync-docs.ts, docs/sync.md): bench:sync's first syncs and the
// phone journey's (test/e2e/sync-phone.e2e.test.ts) start from it.

/** Documents per _bulk_docs request: large enough to seed quickly, small enough for the server's body limit. */
const SEED_BATCH = 2_000;

/**
 * The account's sync bodies, as [id, body]: each chat's messages (a thread of alternating
 * questions and answers), then its row. Chat `c` is `bench` + c in six digits, titled
 * "Bench chat c", and the higher `c` the newer; its `m`th message says "Question m of chat c: …"
 * or "Answer m of chat c: …".
 */
export function* accountBodies(chats, messages) {
  const perChat = Math.max(1, Math.floor(messages / chats));
  const start = Date.UTC(2025, 0, 1);
  for (let c = 0; c < chats; c += 1) {
    const chatId = `bench${String(c).padStart(6, '0')}`;
    let parentId = null;
    for (let m = 0; m < perChat; m += 1) {
      const id = `${chatId}m${String(m).padStart(4, '0')}`;
      const role = m % 2 === 0 ? 'user' : 'assistant';
      const content = `${role === 'user' ? 'Question' : 'Answer'} ${m} of chat ${c}: the quick brown fox jumps over the lazy dog, twice over, for a realistic length.`;
      const message = { id, chatId, parentId, role, content, status: 'complete', createdAt: start + c * 3_600_000 + m * 60_000 };
      yield [`msg:${chatId}:${id}`, { type: 'msg', changedAt: message.createdAt, message }];
      parentId = id;
    }
    const chat = { id: chatId, title: `Bench chat ${c}`, titleSource: 'auto', createdAt: start + c * 3_600_000, updatedAt: start + c * 3_600_000 + perChat * 60_000, pinned: false, currentLeafId: parentId };
    yield [`chat:${chatId}`, { type: 'chat', changedAt: chat.updatedAt, chat }];
  }
}

/**
 * Creates `db` on the server at `url` and writes the account into it through `_bulk_docs`, with
 * `headers` (content type and credentials). `encode` turns a body into the stored document
 * (plain by default; bench:sync encrypts as Parley does); `first` are written before it (the
 * encrypted database's `parley:crypto`). Resolves with the account's document count.
 */
export async function seedAccount({ server, db, headers, chats, messages, encode = async (id, body) => ({ _id: id, ...body }), first = [] }) {
  await server.createDb(db);
  let batch = [...first];
  let count = 0;
  const send = async () => {
    const response = await fetch(`${server.url}/${db}/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: batch }) });
    if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    batch = [];
  };
  for (const [id, body] of accountBodies(chats, messages)) {
    batch.push(await encode(id, body));
    count += 1;
    if (batch.length >= SEED_BATCH) await send();
  }
  if (batch.length > 0) await send();
  return count;
}
