import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createChatModelRegistry,
  createChatStore,
  getChatStore,
  resetChatStore,
  useChat,
  useChatStore,
  useDraftText,
  useStreamingMessageId,
  type ChatStore,
} from '../../../src/chat';
import { useThread } from '../../../src/chat/store/thread-hooks';
import { useTextValue } from '../../../src/lib/text-source';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createGate, createScriptedModel, textSteps, type ScriptedModel } from '../../support/scripted-model';

afterEach(() => {
  resetChatStore();
});

function install(model?: ScriptedModel): ChatStore {
  const models = createChatModelRegistry();
  if (model) models.set(model);
  const store = createChatStore({ persistence: createMemoryPersistence(), models, broadcast: null, win: null, doc: null });
  resetChatStore(store);
  return store;
}

/** A minimal chat page: asks for the pending reply from an effect, as the real page does. */
function ChatView({ id }: { id: string }) {
  const view = useChat(id);
  const thread = useThread(id);
  const streaming = useStreamingMessageId(id);
  useEffect(() => {
    if (view.status === 'ready') getChatStore().takePendingReply(id);
  }, [id, view.status]);
  if (view.status === 'missing') return <p>Chat not found</p>;
  if (view.status === 'loading') return <p>Loading</p>;
  return (
    <ol aria-label={view.chat.title} data-state={streaming ? 'streaming' : 'idle'}>
      {thread.map(({ message, branch }) => (
        <li key={message.id}>
          {message.content} {branch.total > 1 && `${branch.index}/${branch.total}`}
          {branch.previousId && (
            <button type="button" onClick={() => void getChatStore().selectBranch(id, branch.previousId!)}>
              Previous
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

describe('chat hooks', () => {
  it('under StrictMode the pending reply is requested exactly once, and streams into view', async () => {
    const gate = createGate();
    const model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Hello ' } }, { gate }, { delta: { type: 'content', text: 'there' } }]] });
    const store = install(model);
    const { chatId } = await store.createChat({ text: 'Hi' });
    const { unmount } = render(
      <StrictMode>
        <ChatView id={chatId} />
      </StrictMode>,
    );
    const list = await screen.findByRole('list', { name: 'Hi' });
    await waitFor(() => expect(list.textContent).toContain('Hello'));
    expect(list.dataset.state).toBe('streaming');
    // A remount (navigating away and back) doesn't ask again either.
    unmount();
    render(
      <StrictMode>
        <ChatView id={chatId} />
      </StrictMode>,
    );
    await act(async () => gate.open());
    await waitFor(() => expect(screen.getByRole('list', { name: 'Hi' }).dataset.state).toBe('idle'));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['Hi', 'Hello there']);
    expect(model.calls).toHaveLength(1);
  });

  it('shows branch positions after an edit and switches branch', async () => {
    const model = createScriptedModel({ replies: (_, call) => textSteps(`Reply ${call + 1}`) });
    const store = install(model);
    const { chatId } = await store.createChat({ text: 'Hi' });
    render(<ChatView id={chatId} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('list').dataset.state).toBe('idle'));
    const original = store.getSnapshot().messages.get(chatId)![0]!;
    await act(() => store.editMessage(original.id, 'Hello'));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Hello 2/2Previous', 'Reply 2 ']));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Hi 1/2', 'Reply 1 ']));
  });

  it('says an unknown chat is not found', async () => {
    install();
    render(<ChatView id="nope" />);
    expect(await screen.findByText('Chat not found')).toBeTruthy();
  });

  it('keeps a draft: shows the stored one and updates as the user types', async () => {
    const p = createMemoryPersistence();
    await p.putDraft({ key: 'home', text: 'from last time', updatedAt: 1 });
    resetChatStore(createChatStore({ persistence: p, broadcast: null, win: null, doc: null }));
    function Composer() {
      const draft = useDraftText('home');
      const loaded = useTextValue(draft, (text) => text !== undefined);
      const text = useTextValue(draft, (value) => value ?? '');
      return <textarea aria-label="Message" data-state={loaded ? 'loaded' : 'loading'} value={text} onChange={(e) => draft.set(e.target.value)} />;
    }
    render(<Composer />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    await waitFor(() => expect(box.dataset.state).toBe('loaded'));
    expect(box.value).toBe('from last time');
    fireEvent.change(box, { target: { value: 'new words' } });
    expect(box.value).toBe('new words');
    expect(getChatStore().peekDraft('home')).toBe('new words');
  });

  it('re-renders a component only when what it selects changes', async () => {
    const store = install();
    const { chatId: a } = await store.createChat({ text: 'Chat A' });
    const { chatId: b } = await store.createChat({ text: 'Chat B' });
    let renders = 0;
    function Title() {
      renders++;
      const { title, pinned } = useChatStore(
        (s) => {
          const chat = s.chats.find((c) => c.id === a)!;
          return { title: chat.title, pinned: chat.pinned };
        },
        (x, y) => x.title === y.title && x.pinned === y.pinned,
      );
      return <h1 data-state={pinned ? 'pinned' : 'unpinned'}>{title}</h1>;
    }
    render(<Title />);
    const before = renders;
    await act(() => store.renameChat(b, 'Other'));
    await act(() => store.pinChat(b, true));
    expect(renders).toBe(before);
    await act(() => store.pinChat(a, true));
    expect(screen.getByRole('heading').dataset.state).toBe('pinned');
    expect(renders).toBe(before + 1);
  });
});
