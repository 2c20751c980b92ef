import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

/** The hand-written samples of test/fixtures/import as the File objects a person would drop. */

/** Vitest runs from the repository's root (test/vitest.config.ts); happy-dom's import.meta.url is not a file URL. */
const FIXTURES = path.resolve('test/fixtures/import');

export function fixture(file: string, name = file.slice(file.lastIndexOf('/') + 1)): File {
  return new File([readFileSync(path.join(FIXTURES, file))], name);
}

export const fixtureText = (file: string): string => readFileSync(path.join(FIXTURES, file), 'utf8');

export const textFile = (text: string, name: string): File => new File([text], name);

export function zipFile(entries: Record<string, string | Uint8Array>, name = 'export.zip'): File {
  const data = Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, typeof value === 'string' ? new TextEncoder().encode(value) : value]));
  return new File([zipSync(data)], name);
}

/** A ChatGPT export of `chats` conversations of `messages` messages each, one line of turns. */
export function bigExport(chats: number, messages: number): File {
  const conversations = Array.from({ length: chats }, (_, c) => {
    const mapping: Record<string, unknown> = {};
    let parent: string | null = null;
    for (let m = 0; m < messages; m++) {
      const id = `c${c}-m${m}`;
      const role = m % 2 ? 'assistant' : 'user';
      mapping[id] = { id, parent, children: [], message: { id, author: { role }, create_time: 1_700_000_000 + c * 100 + m, content: { content_type: 'text', parts: [`Message ${m} of chat ${c}.`] } } };
      parent = id;
    }
    return { id: `big-${c}`, title: `Chat ${c}`, create_time: 1_700_000_000 + c * 100, update_time: 1_700_000_100 + c * 100, mapping, current_node: parent };
  });
  return textFile(JSON.stringify(conversations), 'conversations.json');
}
