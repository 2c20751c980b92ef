// Issue 24: the context meter under the chat's message box: exact after a reply the server
// reported, "≈" with a draft, the tooltip's parts and where the context came from, 80 % and past 100 %.
import { act, within, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { getContextSettings } from '../../../src/chat/connections/context-settings-instance';
import { createLibraryStore, resetLibraryStore } from '../../../src/chat/library';
import { memoryLibraryIo } from '../../chat/library/memory-library-io';
import { createGate, createScriptedModel, textSteps, type ScriptStep } from '../../support/scripted-model';
import type { ChatModelRequest } from '../../../src/chat';
import { SUMMARY_INSTRUCTION } from '../../../src/chat/replies/compaction-plan';
import { METER_DRAFT_INTERVAL_MS } from '../../../src/pages/chat/composer/context-meter';
import { WHEN_FULL_SETTING } from '../../../src/chat/replies/compaction-actions';
import { cleanUpStore, installStore, lastArticle, renderChatPage, settle } from './chat-page-kit';

const MODEL = 'local/tiny';

beforeEach(async () => {
  const library = createLibraryStore({ io: memoryLibraryIo(), channel: null });
  await library.init();
  resetLibraryStore(library);
});
afterEach(() => {
  cleanUpStore();
  resetLibraryStore();
  resetConnectionsStore();
});

const reported: ScriptStep[] = [...textSteps('Hi there'), { delta: { type: 'usage', usage: { promptTokens: 50, completionTokens: 10 } } }];

async function openChat(context: number | undefined, replies: (request: ChatModelRequest) => ScriptStep[] = () => reported) {
  // The settings outlive a test (the app's in-memory ones): each test sets its own, or clears it.
  getContextSettings().setContext(MODEL, context);
  const store = installStore(createScriptedModel({ replies }));
  const { chatId } = await store.createChat({ text: 'Hello', model: MODEL });
  renderChatPage(chatId);
  await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
  await settle();
  return { store, chatId };
}

const meter = () => document.querySelector<HTMLElement>('.context-meter')!;
const meterButton = () => meter().querySelector('button')!;
const box = () => screen.getByRole('textbox', { name: /message/i }) as HTMLTextAreaElement;
const type = async (text: string) => {
  await act(async () => {
    fireEvent.change(box(), { target: { value: text } });
  });
};

describe('the context meter', () => {
  it('is exact after a reply the server reported: its prompt plus the reply’s tokens, against the context set by the user', async () => {
    await openChat(1000);
    expect(meter().textContent).toContain('60 / 1,000 tokens');
    expect(meter().textContent).not.toContain('≈');
    expect(meter().dataset.state).toBe('ok');
  });

  it('estimates a draft on top, marked ≈', async () => {
    await openChat(1000);
    await type('x'.repeat(400));
    // 60 reported + the draft: 400 characters (100 tokens) and its framing.
    expect(meter().textContent).toContain('≈ 164 / 1,000 tokens');
  });

  it('counts a paste at once; typed characters after a pause, at most every 200 ms, and always the latest text', async () => {
    await openChat(1000);
    // A paste (more than one character at a time) is counted at once.
    await type('x'.repeat(400));
    expect(meter().textContent).toContain('≈ 164 / 1,000 tokens');
    // A typed character waits for the interval's end (never counted within its keystroke: 401 characters would be 101 tokens).
    await type('x'.repeat(401));
    expect(meter().textContent).toContain('≈ 164 / 1,000 tokens');
    for (let length = 402; length <= 408; length++) await type('x'.repeat(length));
    // 8 more characters: 2 more tokens, counted once the interval is over.
    await waitFor(() => expect(meter().textContent).toContain('≈ 166 / 1,000 tokens'), { timeout: METER_DRAFT_INTERVAL_MS * 5 });
  });

  it('its tooltip splits the figure by part and says where the context came from', async () => {
    await openChat(1000);
    await type('x'.repeat(400));
    await act(async () => {
      fireEvent.focus(meterButton());
    });
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('Messages: 60');
    expect(tooltip.textContent).toContain('Your draft: 104');
    expect(tooltip.textContent).toContain('Context 1,000 tokens, set by you.');
    expect(tooltip.textContent).toContain('Exact up to the last reply');
  });

  it('without a context it shows the size only and says how to set one', async () => {
    await openChat(undefined);
    expect(meter().textContent).toBe('Context used by the next message: 60 tokens');
    expect(meter().dataset.state).toBe('unknown');
  });

  it('warns from 80 % of the context', async () => {
    await openChat(70);
    expect(meter().dataset.state).toBe('warn');
    expect(meter().textContent).toContain('86 %');
  });

  it('past 100 %, Send asks first; the text waits, and Send anyway sends it', async () => {
    const { store, chatId } = await openChat(100);
    await type('y'.repeat(400));
    expect(meter().dataset.state).toBe('over');
    await act(async () => {
      fireEvent.focus(meterButton());
    });
    // 60 + 104 of draft against 100: 64 over.
    expect((await screen.findByRole('tooltip')).textContent).toContain('This message does not fit the model’s context (64 tokens over)');
    await act(async () => {
      fireEvent.keyDown(box(), { key: 'Enter' });
    });
    expect(screen.getByRole('alert').textContent).toContain('does not fit the model’s context');
    // It offers compaction there and then.
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Summarise earlier messages' })).toBeTruthy();
    expect(box().value).toBe('y'.repeat(400));
    const before = store.getSnapshot().messages.get(chatId)!.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }));
    });
    await settle();
    expect(store.getSnapshot().messages.get(chatId)!.length).toBeGreaterThan(before);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('past 100 %, “Summarise earlier messages” goes away with the question and focus goes back to the message box (issue 33)', async () => {
    await openChat(100);
    await type('y'.repeat(400));
    await act(async () => {
      fireEvent.keyDown(box(), { key: 'Enter' });
    });
    const summarise = within(screen.getByRole('alert')).getByRole('button', { name: 'Summarise earlier messages' });
    summarise.focus();
    await act(async () => {
      fireEvent.click(summarise);
    });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(box());
  });

  it.each([
    ['summarise', 'summary'],
    ['drop', 'drop'],
  ] as const)('with Settings’ automatic choice (%s), Send does not ask: the earlier messages make room, then the message goes', async (choice, mode) => {
    // The summary is held until the test has seen it being written, the text waiting in the box.
    const gate = createGate();
    const isSummary = (request: ChatModelRequest) => request.messages[0]?.content === SUMMARY_INSTRUCTION;
    const { store, chatId } = await openChat(100, (request) => (isSummary(request) ? [{ gate }, ...textSteps('They talked.')] : reported));
    for (const text of ['Two', 'Three']) {
      await act(async () => {
        await store.sendMessage(chatId, text);
      });
      await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    }
    await store.putSetting(WHEN_FULL_SETTING, choice);
    // 400 characters: more than the whole context by the store's own estimate too.
    await type('y'.repeat(400));
    expect(meter().dataset.state).toBe('over');
    await act(async () => {
      fireEvent.keyDown(box(), { key: 'Enter' });
    });
    if (mode === 'summary') {
      expect(await screen.findByText('Summarising earlier messages…')).toBeTruthy();
      expect(box().value).toBe('y'.repeat(400));
      await act(async () => gate.open());
    }
    await waitFor(() => expect(store.getSnapshot().messages.get(chatId)!.some((m) => m.role === 'user' && m.content === 'y'.repeat(400))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Send anyway' })).toBeNull();
    expect(box().value).toBe('');
    const marker = store.getSnapshot().messages.get(chatId)!.find((m) => m.compaction);
    expect(marker?.compaction).toMatchObject({ mode, automatic: true });
    await settle();
    expect(screen.getByRole('region', { name: /Earlier messages/ }).textContent).toContain('Automatic');
  });
});
