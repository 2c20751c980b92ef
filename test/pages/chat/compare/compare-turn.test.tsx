// Issue 38 on the chat page (happy-dom): a compare's answers show as one turn of columns, each named
// by its model; blind, named Answer 1…n with no model anywhere until the vote; Continue with one
// closes the comparison and the thread goes on from it, with its versions ‹ n/3 ›.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedModel, textSteps } from '../../../support/scripted-model';
import { articles, cleanUpStore, installStore, lastArticle, renderChatPage, textOf } from '../chat-page-kit';

afterEach(() => {
  cleanup();
  cleanUpStore();
});

const MODELS = ['c/alpha-model', 'c/beta-model', 'c/gamma-model'];
/** Each model's answer, which does not name it (a blind comparison shows the text). */
const VOICE: Record<string, string> = { 'c/alpha-model': 'Ant', 'c/beta-model': 'Bee', 'c/gamma-model': 'Cat' };

async function compared(blind = false) {
  const model = createScriptedModel({ replies: (request, call) => textSteps(call === 0 ? 'First' : `Answer ${VOICE[String(request.model)]}`) });
  const store = installStore(model);
  // The chat's own model is none of the compared: its first reply names it.
  const { chatId } = await store.createChat({ text: 'Hi', model: 'c/delta-model' });
  renderChatPage(chatId);
  await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
  await store.sendMessage(chatId, 'Which?', { models: MODELS, blind });
  const turn = await screen.findByRole('region', { name: 'Compared answers' });
  await waitFor(() => expect(turn.querySelectorAll('.compare__column[data-state="complete"]')).toHaveLength(3));
  return { store, chatId, turn };
}

describe('compared answers on the chat page', () => {
  it('one turn of three columns named by their models; Continue with the second closes it and leaves ‹ 2/3 ›', async () => {
    const { store, chatId, turn } = await compared();
    const names = within(turn).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(names).toEqual(['alpha-model', 'beta-model', 'gamma-model']);
    expect(within(turn).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(names);
    fireEvent.click(within(within(turn).getByRole('region', { name: 'beta-model' })).getByRole('button', { name: 'Continue with this one' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Compared answers' })).toBeNull());
    expect(store.getSnapshot().chats.find((chat) => chat.id === chatId)?.comparing).toBeUndefined();
    const reply = lastArticle('Assistant');
    expect(textOf(reply)).toBe('Answer Bee');
    expect(within(reply).getByRole('group', { name: 'Versions' }).textContent).toContain('2/3');
    expect(articles('Assistant')).toHaveLength(2);
  });

  it('blind: Answer 1–3 and no model name in the page until the vote; the vote names them', async () => {
    const { turn } = await compared(true);
    const page = document.body;
    for (const ref of MODELS) expect(page.innerHTML).not.toContain(ref.slice(2));
    expect(within(turn).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Answer 1', 'Answer 2', 'Answer 3']);
    expect(within(turn).queryAllByRole('button', { name: 'Continue with this one' })).toHaveLength(0);
    fireEvent.click(within(within(turn).getByRole('region', { name: 'Answer 2' })).getByRole('button', { name: 'This one is better' }));
    await waitFor(() => expect(within(turn).getByText('Your pick')).toBeTruthy());
    expect(within(turn).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent).sort()).toEqual(['alpha-model', 'beta-model', 'gamma-model']);
  });
});
