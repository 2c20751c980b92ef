import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGate, createScriptedModel, textSteps, type Gate } from '../../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage, textOf } from './chat-page-kit';

/** Counts how often each reply's body renders, by the text it was first given. */
const renders = vi.hoisted(() => new Map<string, number>());

vi.mock('../../../src/pages/chat/assistant-content', () => ({
  AssistantContent({ text }: { text: string; streaming: boolean }) {
    const key = text.startsWith('First') ? 'first' : 'second';
    renders.set(key, (renders.get(key) ?? 0) + 1);
    return <div className="message-text">{text}</div>;
  },
}));

beforeEach(() => {
  renders.clear();
});
afterEach(() => {
  cleanUpStore();
});

describe('chat page re-render cost', () => {
  it('a streaming update renders only the streaming message', async () => {
    const gates: Gate[] = Array.from({ length: 10 }, () => createGate());
    const streamed = gates.flatMap((gate, i) => [{ gate }, { delta: { type: 'content' as const, text: ` ${i}` } }]);
    const model = createScriptedModel({ replies: [textSteps('First reply'), [{ delta: { type: 'content', text: 'Second' } }, ...streamed]] });
    const store = installStore(model);
    const { chatId } = await store.createChat({ text: 'One' });
    renderChatPage(chatId, { strict: false });
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    await act(async () => void (await store.sendMessage(chatId, 'Two')));
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Second'));

    const firstBefore = renders.get('first')!;
    const secondBefore = renders.get('second')!;
    for (const gate of gates) {
      await act(async () => gate.open());
    }
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    expect(textOf(lastArticle('Assistant'))).toBe('Second 0 1 2 3 4 5 6 7 8 9');
    expect(renders.get('first')).toBe(firstBefore);
    // The streaming message re-rendered (at most once per delta; frames coalesce faster ones).
    const rerenders = renders.get('second')! - secondBefore;
    expect(rerenders).toBeGreaterThan(0);
    expect(rerenders).toBeLessThanOrEqual(gates.length + 1);
  });
});
