import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGate, createScriptedModel, textSteps, type Gate } from '../../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage, textOf } from './chat-page-kit';

/** Counts how often each reply's body renders, by the text it was first given (and the meter, under 'meter'). */
const renders = vi.hoisted(() => new Map<string, number>());

// Each render of a reply's tool calls reads the tools settings.
vi.mock('../../../src/pages/chat/tools/tool-settings-view', async (importOriginal) => {
  const view = await importOriginal<typeof import('../../../src/pages/chat/tools/tool-settings-view')>();
  return {
    ...view,
    useToolServers() {
      renders.set('tool calls', (renders.get('tool calls') ?? 0) + 1);
      return view.useToolServers();
    },
  };
});

// The context meter works its figures out on every render it makes.
vi.mock('../../../src/chat/meter', async (importOriginal) => {
  const meter = await importOriginal<typeof import('../../../src/chat/meter')>();
  return {
    ...meter,
    meterFigures(input: Parameters<typeof meter.meterFigures>[0]) {
      renders.set('meter', (renders.get('meter') ?? 0) + 1);
      return meter.meterFigures(input);
    },
  };
});

vi.mock('../../../src/pages/chat/message/assistant-content', () => ({
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
    const meterBefore = renders.get('meter')!;
    const toolCallsBefore = renders.get('tool calls')!;
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
    // The context meter beside the composer counts the reply when it ends, not per token (issue 25):
    // once for the finished reply (twice at most, with its figures settling).
    expect(meterBefore).toBeGreaterThan(0);
    expect(renders.get('meter')! - meterBefore).toBeGreaterThan(0);
    expect(renders.get('meter')! - meterBefore).toBeLessThanOrEqual(2);
    // Nor do the parts of the streaming message that its text does not change (its tool calls):
    // they render when it ends (and its figures settle), not per frame.
    expect(toolCallsBefore).toBeGreaterThan(0);
    expect(renders.get('tool calls')! - toolCallsBefore).toBeLessThanOrEqual(2);
  });
});
