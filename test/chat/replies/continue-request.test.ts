import { describe, expect, it } from 'vitest';
import type { ChatModelMessage } from '../../../src/chat';
import { alternateRoles, CONTINUE_INSTRUCTION, continueMessages } from '../../../src/chat/replies/continue-request';

const user = (content: string): ChatModelMessage => ({ role: 'user', content });
const assistant = (content: string): ChatModelMessage => ({ role: 'assistant', content });
const system = (content: string): ChatModelMessage => ({ role: 'system', content });

/** What strict chat templates (Llama 2, Mistral, Gemma) demand: after the system prompt, user first, then strictly alternating. */
function alternates(messages: readonly ChatModelMessage[]): boolean {
  const turns = messages.filter((m) => m.role !== 'system');
  return turns.every((m, i) => m.role === (i % 2 === 0 ? 'user' : 'assistant'));
}

describe('alternateRoles', () => {
  it.each<[string, ChatModelMessage[], ChatModelMessage[]]>([
    ['already alternating', [system('S'), user('A'), assistant('B'), user('C')], [system('S'), user('A'), assistant('B'), user('C')]],
    ['a reply with no text left out between two questions', [user('A'), user('C')], [user('A\n\nC')]],
    ['three in a row', [user('A'), user('B'), user('C')], [user('A\n\nB\n\nC')]],
    [
      'two questions with PDFs keep both files (issue 27)',
      [{ ...user('A'), documents: [{ name: 'a.pdf', data: 'QQ==', text: 'A' }] }, { ...user('B'), documents: [{ name: 'b.pdf', data: 'Qg==', text: 'B' }] }],
      [{ ...user('A\n\nB'), documents: [{ name: 'a.pdf', data: 'QQ==', text: 'A' }, { name: 'b.pdf', data: 'Qg==', text: 'B' }] }],
    ],
  ])('%s', (_case, messages, expected) => {
    expect(alternateRoles(messages)).toEqual(expected);
    expect(alternates(alternateRoles(messages))).toBe(true);
  });
});

describe('continueMessages', () => {
  it.each<[string, ChatModelMessage[], string, ChatModelMessage[]]>([
    ['a reply with text: its text, then the instruction', [user('Q')], 'Half an', [user('Q'), assistant('Half an'), user(CONTINUE_INSTRUCTION)]],
    ['a reply with only reasoning: the question again, no hidden turn', [system('S'), user('Q')], '', [system('S'), user('Q')]],
    [
      'an earlier reply that never got past thinking',
      [user('First'), user('Second')],
      'Partial',
      [user('First\n\nSecond'), assistant('Partial'), user(CONTINUE_INSTRUCTION)],
    ],
  ])('%s', (_case, thread, content, expected) => {
    const messages = continueMessages(thread, { content });
    expect(messages).toEqual(expected);
    expect(alternates(messages)).toBe(true);
  });
});
