// Read aloud on a reply (issue 39) with a fake speech engine: it starts at the first sentence while
// the reply still streams, says the sentences in order, pauses, resumes, stops, changes speed from
// the next sentence, reads one reply at a time, and says a failure beside the control.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_SETTINGS, voiceError, type SayOptions, type SpeechEngine, type Utterance } from '../../../src/chat/voice';
import { paths } from '../../../src/pages/paths';
import { configureReadAloud, getReader } from '../../../src/pages/chat/message/read-aloud/reader-store';
import { createGate, createScriptedModel, textSteps, type ScriptStep } from '../../support/scripted-model';
import { articles, cleanUpStore, installStore, lastArticle, renderChatPage, settle } from './chat-page-kit';

/** One sentence given to the engine: its text, options, and what was done to it. */
interface Said {
  text: string;
  options: SayOptions;
  events: ('pause' | 'resume' | 'stop')[];
  /** Ends it as if it had been said. */
  finish(): void;
  fail(error: unknown): void;
}

function fakeEngine() {
  const said: Said[] = [];
  const engine: SpeechEngine = {
    id: 'fake',
    kind: 'local',
    describe: () => ({ leaves: 'nothing' }),
    availability: () => ({ available: true }),
    say(text, options): Utterance {
      let finish!: () => void;
      let fail!: (error: unknown) => void;
      const done = new Promise<void>((resolve, reject) => ((finish = resolve), (fail = reject)));
      const entry: Said = { text, options, events: [], finish: () => act(() => finish()), fail: (error) => act(() => fail(error)) };
      said.push(entry);
      options.signal.addEventListener('abort', () => finish());
      return {
        done,
        pause: () => entry.events.push('pause'),
        resume: () => entry.events.push('resume'),
        stop: () => (entry.events.push('stop'), finish()),
      };
    },
  };
  return { engine, said, texts: () => said.map((entry) => entry.text) };
}

let fake: ReturnType<typeof fakeEngine>;
beforeEach(() => {
  fake = fakeEngine();
  configureReadAloud({ speaker: async () => ({ engine: fake.engine, settings: { ...DEFAULT_VOICE_SETTINGS, speed: 1 } }) });
});
afterEach(() => {
  configureReadAloud({});
  cleanUpStore();
});

const FIRST = 'The first sentence is long enough to be said alone.';
const SECOND = 'The second sentence comes while the reply streams.';
const THIRD = 'And a third one ends the reply.';

/** A chat whose reply writes FIRST and the next word (a sentence is complete once more text follows it), waits for `gate`, then writes the rest. */
async function openStreamingChat() {
  const gate = createGate();
  const [next, ...rest] = `${SECOND} ${THIRD}`.split(' ');
  const steps: ScriptStep[] = [...textSteps(`${FIRST} ${next}`, { size: 8 }), { gate }, ...textSteps(` ${rest.join(' ')}`, { size: 8 })];
  const store = installStore(createScriptedModel({ replies: [steps] }));
  const { chatId } = await store.createChat({ text: 'Tell me three things' });
  const view = renderChatPage(chatId);
  return { gate, chatId, view };
}

const control = (article: HTMLElement) => article.querySelector<HTMLElement>('.read-aloud')!;
const readAloudButton = (article: HTMLElement) => within(article).getByRole('button', { name: 'Read aloud' });
const statusSaid = (text: string) => screen.getAllByRole('status').some((status) => status.textContent === text);

describe('read aloud', () => {
  it('starts at the first sentence while the reply streams, then says the rest in order', async () => {
    const { gate } = await openStreamingChat();
    await waitFor(() => expect(lastArticle('Assistant').textContent).toContain('first sentence'));
    const reply = lastArticle('Assistant');
    expect(reply.dataset.state).toBe('streaming');
    // As a real press does: focus, then click.
    readAloudButton(reply).focus();
    fireEvent.click(readAloudButton(reply));
    await waitFor(() => expect(fake.texts()).toEqual([FIRST]));
    // Said before the reply is done.
    expect(lastArticle('Assistant').dataset.state).toBe('streaming');
    await waitFor(() => expect(control(reply).dataset.state).toBe('speaking'));
    expect(statusSaid('Reading aloud')).toBe(true);
    // Focus followed the pressed button to the next action.
    const pause = await within(reply).findByRole('button', { name: 'Pause reading' });
    await waitFor(() => expect(document.activeElement).toBe(pause));

    gate.open();
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    // One at a time: the second waits for the first to be said.
    await settle();
    expect(fake.texts()).toEqual([FIRST]);
    fake.said[0]!.finish();
    await waitFor(() => expect(fake.texts()).toEqual([FIRST, SECOND]));
    fake.said[1]!.finish();
    await waitFor(() => expect(fake.texts()).toEqual([FIRST, SECOND, THIRD]));
    fake.said[2]!.finish();
    await waitFor(() => expect(control(lastArticle('Assistant')).dataset.state).toBe('idle'));
    expect(statusSaid('Reading ended')).toBe(true);
    expect(fake.said.every((entry) => entry.options.speed === 1)).toBe(true);
  });

  it('pauses, resumes and stops; Stop gives focus back to Read aloud', async () => {
    const { gate } = await openStreamingChat();
    gate.open();
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    const reply = lastArticle('Assistant');
    fireEvent.click(readAloudButton(reply));
    await waitFor(() => expect(fake.texts()).toEqual([FIRST]));
    fireEvent.click(await within(reply).findByRole('button', { name: 'Pause reading' }));
    expect(control(reply).dataset.state).toBe('paused');
    expect(fake.said[0]!.events).toEqual(['pause']);
    await waitFor(() => expect(statusSaid('Reading paused')).toBe(true));
    fireEvent.click(within(reply).getByRole('button', { name: 'Resume reading' }));
    expect(control(reply).dataset.state).toBe('speaking');
    expect(fake.said[0]!.events).toEqual(['pause', 'resume']);
    // Paused as a sentence ends: the next is not started until Resume.
    fireEvent.click(within(reply).getByRole('button', { name: 'Pause reading' }));
    fake.said[0]!.finish();
    await settle();
    expect(fake.texts()).toEqual([FIRST]);
    expect(control(reply).dataset.state).toBe('paused');
    fireEvent.click(within(reply).getByRole('button', { name: 'Resume reading' }));
    await waitFor(() => expect(fake.texts()).toEqual([FIRST, SECOND]));
    const stop = within(reply).getByRole('button', { name: 'Stop reading' });
    stop.focus();
    fireEvent.click(stop);
    expect(fake.said[1]!.events).toEqual(['stop']);
    await waitFor(() => expect(control(reply).dataset.state).toBe('idle'));
    expect(document.activeElement).toBe(readAloudButton(reply));
    // Nothing more is said after Stop.
    await settle();
    expect(fake.texts()).toEqual([FIRST, SECOND]);
  });

  it('a new speed applies from the next sentence', async () => {
    const { gate } = await openStreamingChat();
    gate.open();
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    const reply = lastArticle('Assistant');
    fireEvent.click(readAloudButton(reply));
    await waitFor(() => expect(fake.texts()).toEqual([FIRST]));
    fireEvent.click(await within(reply).findByRole('button', { name: 'Reading speed: 1×' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '1.5×' }));
    await waitFor(() => expect(within(reply).getByRole('button', { name: 'Reading speed: 1.5×' })).toBeTruthy());
    fake.said[0]!.finish();
    await waitFor(() => expect(fake.texts()).toHaveLength(2));
    expect(fake.said.map((entry) => entry.options.speed)).toEqual([1, 1.5]);
  });

  it('reads one reply at a time: starting another stops the first', async () => {
    const store = installStore(createScriptedModel({ replies: [textSteps(`${FIRST} ${SECOND}`)] }));
    const { chatId } = await store.createChat({ text: 'One' });
    renderChatPage(chatId);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    await act(async () => void (await store.sendMessage(chatId, 'Two')));
    await waitFor(() => expect(articles('Assistant')).toHaveLength(2));
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    const [one, two] = articles('Assistant') as [HTMLElement, HTMLElement];
    fireEvent.click(readAloudButton(one));
    await waitFor(() => expect(fake.texts()).toHaveLength(1));
    await waitFor(() => expect(control(one).dataset.state).toBe('speaking'));
    fireEvent.click(readAloudButton(two));
    expect(fake.said[0]!.events).toEqual(['stop']);
    expect(control(one).dataset.state).toBe('idle');
    await waitFor(() => expect(fake.texts()).toHaveLength(2));
    await waitFor(() => expect(control(two).dataset.state).toBe('speaking'));
    expect(control(one).dataset.state).toBe('idle');
    expect(getReader().messageId).toBe(two.closest('[data-message-id]')!.getAttribute('data-message-id'));
  });

  it('a failure is said beside the control, by its kind, and the reply is untouched', async () => {
    const { gate } = await openStreamingChat();
    gate.open();
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    const reply = lastArticle('Assistant');
    const text = reply.querySelector('.message-markdown')!.textContent;
    fireEvent.click(readAloudButton(reply));
    await waitFor(() => expect(fake.texts()).toEqual([FIRST]));
    fake.said[0]!.fail(voiceError('bad-audio'));
    await waitFor(() => expect(control(reply).dataset.state).toBe('error'));
    const message = reply.querySelector('.read-aloud__error')!;
    expect(message.textContent).toBe('The speech server sent audio this browser cannot play. Check its speech model in Settings → Voice.');
    expect(message.getAttribute('data-kind')).toBe('bad-audio');
    await waitFor(() => expect(statusSaid(message.textContent!)).toBe(true));
    expect(reply.querySelector('.message-markdown')!.textContent).toBe(text);
    // Nothing more is said; Read aloud is there to try again.
    await settle();
    expect(fake.texts()).toEqual([FIRST]);
    fireEvent.click(readAloudButton(reply));
    await waitFor(() => expect(fake.texts()).toEqual([FIRST, FIRST]));
    expect(reply.querySelector('.read-aloud__error')).toBeNull();
  });

  it('leaving the chat stops the reading', async () => {
    const { gate, view } = await openStreamingChat();
    gate.open();
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    fireEvent.click(readAloudButton(lastArticle('Assistant')));
    await waitFor(() => expect(fake.texts()).toEqual([FIRST]));
    act(() => view.history.push(paths.home.href()));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(fake.said[0]!.events).toEqual(['stop']);
    expect(getReader().state).toBe('idle');
    await settle();
    expect(fake.texts()).toEqual([FIRST]);
  });
});
