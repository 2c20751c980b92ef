// @vitest-environment node
// The hands-free conversation's turns with a fake microphone, fake engines and a fake chat:
// a full turn, speaking before the reply ends, barge-in, nothing heard, failures, exit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createConversation,
  isUnclear,
  type ConversationDeps,
  type ConversationReply,
  type ConversationState,
} from '../../../src/chat/voice/capture/conversation';

/** Lets the conversation's awaits run (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A microphone the test speaks into: speechStarts() (the VAD's start), utteranceEnds(audio). */
function fakeMicrophone() {
  let onSpeechStart: (() => void) | undefined;
  let waiting: { resolve: (audio: Blob) => void; reject: (error: unknown) => void } | undefined;
  const mic = {
    opened: 0,
    closed: 0,
    listen: (async ({ onSpeechStart: started }) => {
      mic.opened++;
      onSpeechStart = started;
      return {
        next: (signal) =>
          new Promise<Blob>((resolve, reject) => {
            waiting = { resolve, reject };
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
        close: () => void mic.closed++,
      };
    }) satisfies ConversationDeps['listen'],
    speechStarts: () => onSpeechStart!(),
    utteranceEnds(audio: Blob) {
      const w = waiting!;
      waiting = undefined;
      w.resolve(audio);
    },
    say(audio: Blob) {
      mic.speechStarts();
      mic.utteranceEnds(audio);
    },
    unplugged(error: Error) {
      waiting!.reject(error);
    },
  };
  return mic;
}

/** A reply the test streams: write(text) adds text, end() settles it. */
function fakeReply() {
  let text = '';
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  const reply = {
    stopped: false,
    ended: () => ended,
    write(more: string) {
      text += more;
      poke();
    },
    end() {
      ended = true;
      poke();
    },
    fail(error: Error) {
      failure = error;
      ended = true;
      poke();
    },
    stop() {
      reply.stopped = true;
      ended = true;
      poke();
    },
    async *[Symbol.asyncIterator]() {
      let seen = '';
      for (;;) {
        if (text !== seen) {
          seen = text;
          yield text;
          continue;
        }
        if (ended) {
          if (failure) throw failure;
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  return reply satisfies ConversationReply;
}

/** A speaker: each sentence plays until finish() (or stop()). */
function fakeSpeaker() {
  const utterances: { sentence: string; stopped: boolean; finish: () => void; fail: (e: Error) => void }[] = [];
  const speak: ConversationDeps['speak'] = (sentence) => {
    let finish!: () => void;
    let fail!: (e: Error) => void;
    const done = new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    const entry = { sentence, stopped: false, finish, fail };
    utterances.push(entry);
    return {
      done,
      stop() {
        entry.stopped = true;
        finish();
      },
    };
  };
  return { utterances, speak, current: () => utterances.at(-1)! };
}

/** The splitter's contract, simply: a sentence ends at . ! or ? followed by a space. */
function sentences() {
  let buffer = '';
  return {
    push(text: string) {
      buffer += text;
      const out: string[] = [];
      let match: RegExpExecArray | null;
      while ((match = /^(.*?[.!?])\s+/s.exec(buffer))) {
        out.push(match[1]!);
        buffer = buffer.slice(match[0].length);
      }
      return out;
    },
    end() {
      const rest = buffer.trim();
      buffer = '';
      return rest ? [rest] : [];
    },
  };
}

function setup(transcripts: Record<string, string | Error | 'never'> = {}) {
  const mic = fakeMicrophone();
  const speaker = fakeSpeaker();
  const replies: ReturnType<typeof fakeReply>[] = [];
  const sent: string[] = [];
  const transcribeSignals: AbortSignal[] = [];
  const conversation = createConversation({
    listen: mic.listen,
    transcribe: async (audio, signal) => {
      transcribeSignals.push(signal);
      const answer = transcripts[await audio.text()];
      if (answer === 'never') return new Promise<string>(() => undefined);
      if (answer instanceof Error) throw answer;
      return answer ?? '';
    },
    send: (text) => {
      sent.push(text);
      const reply = fakeReply();
      replies.push(reply);
      return reply;
    },
    speak: speaker.speak,
    sentences,
  });
  const states: ConversationState[] = [];
  conversation.subscribe(() => {
    const { state } = conversation.getSnapshot();
    if (states.at(-1) !== state) states.push(state);
  });
  return { conversation, mic, speaker, replies, sent, states, transcribeSignals, state: () => conversation.getSnapshot().state };
}

const audio = (name: string) => new Blob([name], { type: 'audio/webm' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a hands-free conversation', () => {
  it('goes listening → transcribing → thinking → speaking sentence by sentence → listening', async () => {
    const t = setup({ q1: 'What is the capital of France?' });
    expect(t.state()).toBe('idle');
    await t.conversation.start();
    expect(t.mic.opened).toBe(1);
    expect(t.state()).toBe('listening');

    t.mic.say(audio('q1'));
    await settle();
    expect(t.sent).toEqual(['What is the capital of France?']);
    expect(t.conversation.getSnapshot()).toMatchObject({ state: 'thinking', heard: 'What is the capital of France?' });

    const reply = t.replies[0]!;
    reply.write('Paris is the capital. It is also ');
    await settle();
    expect(t.state()).toBe('speaking');
    expect(t.speaker.utterances.map((u) => u.sentence)).toEqual(['Paris is the capital.']);

    reply.write('the largest city. ');
    reply.end();
    await settle();
    // One sentence at a time: the second waits for the first.
    expect(t.speaker.utterances).toHaveLength(1);
    t.speaker.current().finish();
    await settle();
    expect(t.speaker.utterances.map((u) => u.sentence)).toEqual(['Paris is the capital.', 'It is also the largest city.']);
    expect(t.state()).toBe('speaking');
    t.speaker.current().finish();
    await settle();

    expect(t.state()).toBe('listening');
    expect(t.states).toEqual(['listening', 'transcribing', 'thinking', 'speaking', 'listening']);
    expect(t.mic.closed).toBe(0);
  });

  it('speaks the first sentence while the reply is still streaming', async () => {
    const t = setup({ q1: 'Tell me a story.' });
    await t.conversation.start();
    t.mic.say(audio('q1'));
    await settle();
    t.replies[0]!.write('Once upon a time there was a fox. The fox');
    await settle();
    expect(t.replies[0]!.ended()).toBe(false);
    expect(t.speaker.utterances.map((u) => u.sentence)).toEqual(['Once upon a time there was a fox.']);
  });

  it('barge-in: speech during playback stops it at once and stops the reply, then the new words are a new turn', async () => {
    const t = setup({ q1: 'Tell me a story.', q2: 'Stop.' });
    await t.conversation.start();
    t.mic.say(audio('q1'));
    await settle();
    const reply = t.replies[0]!;
    reply.write('Once upon a time there was a fox. ');
    await settle();
    const playing = t.speaker.current();
    expect(t.state()).toBe('speaking');

    t.mic.speechStarts();
    // Synchronously, not after some await: the speaker is silent the moment speech is detected.
    expect(playing.stopped).toBe(true);
    expect(reply.stopped).toBe(true);
    expect(t.state()).toBe('listening');

    // What the reply still streams is not spoken.
    reply.write('The fox was quick. ');
    await settle();
    expect(t.speaker.utterances).toHaveLength(1);

    t.mic.utteranceEnds(audio('q2'));
    await settle();
    expect(t.sent).toEqual(['Tell me a story.', 'Stop.']);
    expect(t.state()).toBe('thinking');
  });

  it('barge-in before the first sentence (thinking) stops the reply too', async () => {
    const t = setup({ q1: 'Tell me a story.' });
    await t.conversation.start();
    t.mic.say(audio('q1'));
    await settle();
    expect(t.state()).toBe('thinking');
    t.mic.speechStarts();
    expect(t.replies[0]!.stopped).toBe(true);
    expect(t.state()).toBe('listening');
    t.replies[0]!.write('Once upon a time. ');
    await settle();
    expect(t.speaker.utterances).toEqual([]);
  });

  it('words begun while the last ones were being transcribed interrupt the reply when they end', async () => {
    let answer!: (text: string) => void;
    const t = setup();
    const c = createConversation({
      listen: t.mic.listen,
      transcribe: (blob) => (blob.size === 2 ? new Promise((resolve) => (answer = resolve)) : Promise.resolve('And Spain?')),
      send: (text) => {
        t.sent.push(text);
        const reply = fakeReply();
        t.replies.push(reply);
        return reply;
      },
      speak: t.speaker.speak,
      sentences,
    });
    await c.start();
    t.mic.say(audio('q1'));
    await settle();
    t.mic.speechStarts(); // still transcribing: no reply to interrupt yet
    answer('What is the capital of France?');
    await settle();
    t.replies[0]!.write('Paris. ');
    await settle();
    expect(c.getSnapshot().state).toBe('speaking');
    t.mic.utteranceEnds(audio('second'));
    await settle();
    expect(t.speaker.utterances[0]!.stopped).toBe(true);
    expect(t.replies[0]!.stopped).toBe(true);
    expect(t.sent).toEqual(['What is the capital of France?', 'And Spain?']);
  });

  it('after a reply has been spoken, speech is a new turn: the finished reply is not stopped', async () => {
    const t = setup({ q1: 'Hello.', q2: 'Thanks.' });
    await t.conversation.start();
    t.mic.say(audio('q1'));
    await settle();
    t.replies[0]!.write('Hi there.');
    t.replies[0]!.end();
    await settle();
    t.speaker.current().finish();
    await settle();
    expect(t.state()).toBe('listening');
    t.mic.say(audio('q2'));
    await settle();
    expect(t.replies[0]!.stopped).toBe(false);
    expect(t.sent).toEqual(['Hello.', 'Thanks.']);
  });

  it('an utterance with no words is not sent: it says so and keeps listening', async () => {
    const t = setup({ blank: '  ', bracket: '[BLANK_AUDIO]', q: 'Hello.' });
    await t.conversation.start();
    t.mic.say(audio('blank'));
    await settle();
    expect(t.conversation.getSnapshot()).toEqual({ state: 'listening', unclear: true });
    t.mic.say(audio('bracket'));
    await settle();
    expect(t.conversation.getSnapshot()).toMatchObject({ state: 'listening', unclear: true });
    expect(t.sent).toEqual([]);

    // Speaking again clears the notice; real words go through.
    t.mic.speechStarts();
    expect(t.conversation.getSnapshot().unclear).toBeUndefined();
    t.mic.utteranceEnds(audio('q'));
    await settle();
    expect(t.sent).toEqual(['Hello.']);
  });

  it('a transcription error is shown, nothing is sent, and the conversation goes on', async () => {
    const t = setup({ big: new Error('413: the recording is too large for this server'), q: 'Hello.' });
    await t.conversation.start();
    t.mic.say(audio('big'));
    await settle();
    expect(t.conversation.getSnapshot()).toEqual({
      state: 'error',
      error: { problem: 'transcription', message: '413: the recording is too large for this server' },
    });
    expect(t.sent).toEqual([]);
    expect(t.mic.closed).toBe(0);

    t.mic.speechStarts();
    expect(t.state()).toBe('listening');
    t.mic.utteranceEnds(audio('q'));
    await settle();
    expect(t.sent).toEqual(['Hello.']);
  });

  it('a transcription that takes too long fails with a clear message and its request is aborted', async () => {
    const t = setup({ slow: 'never' });
    await t.conversation.start();
    t.mic.say(audio('slow'));
    await settle();
    expect(t.state()).toBe('transcribing');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(t.state()).toBe('transcribing');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.conversation.getSnapshot()).toMatchObject({ state: 'error', error: { problem: 'transcription', message: 'Transcription took longer than 30 s' } });
    expect(t.transcribeSignals[0]!.aborted).toBe(true);
    expect(t.sent).toEqual([]);
  });

  it('speech that cannot be played (garbage audio) is an error; the reply goes on in the chat', async () => {
    const t = setup({ q: 'Hello.' });
    await t.conversation.start();
    t.mic.say(audio('q'));
    await settle();
    t.replies[0]!.write('Hi there. How are you? ');
    await settle();
    t.speaker.current().fail(new Error('The speech server’s audio could not be decoded'));
    await settle();
    expect(t.conversation.getSnapshot()).toMatchObject({ state: 'error', error: { problem: 'speech', message: 'The speech server’s audio could not be decoded' } });
    expect(t.speaker.utterances).toHaveLength(1);
    expect(t.replies[0]!.stopped).toBe(false);
  });

  it('a reply that fails is an error after what it said has been spoken', async () => {
    const t = setup({ q: 'Hello.' });
    await t.conversation.start();
    t.mic.say(audio('q'));
    await settle();
    t.replies[0]!.write('Hi there. ');
    t.replies[0]!.fail(new Error('The model server closed the connection'));
    await settle();
    expect(t.state()).toBe('speaking');
    t.speaker.current().finish();
    await settle();
    expect(t.conversation.getSnapshot()).toMatchObject({ state: 'error', error: { problem: 'reply' } });
  });

  it('exit stops playback and releases the microphone', async () => {
    const t = setup({ q: 'Hello.' });
    await t.conversation.start();
    t.mic.say(audio('q'));
    await settle();
    t.replies[0]!.write('Hi there. ');
    await settle();
    t.conversation.stop();
    expect(t.speaker.current().stopped).toBe(true);
    expect(t.mic.closed).toBe(1);
    expect(t.state()).toBe('idle');
    await settle();
    expect(t.state()).toBe('idle');
    // Starting again opens the microphone again.
    await t.conversation.start();
    expect(t.mic.opened).toBe(2);
  });

  it('a refused microphone is an error, and a retry may ask again', async () => {
    const t = setup();
    const listen = t.mic.listen;
    let refuse = true;
    const c = createConversation({
      listen: async (options) => {
        if (refuse) throw new DOMException('Permission denied', 'NotAllowedError');
        return listen(options);
      },
      transcribe: async () => '',
      send: () => fakeReply(),
      speak: fakeSpeaker().speak,
      sentences,
    });
    await c.start();
    expect(c.getSnapshot()).toEqual({ state: 'error', error: { problem: 'microphone', message: 'Permission denied' } });
    refuse = false;
    await c.start();
    expect(c.getSnapshot().state).toBe('listening');
  });

  it('a microphone unplugged mid-conversation ends it with an error and releases the microphone', async () => {
    const t = setup();
    await t.conversation.start();
    t.mic.unplugged(new Error('The microphone was disconnected'));
    await settle();
    expect(t.conversation.getSnapshot()).toMatchObject({ state: 'error', error: { problem: 'microphone', message: 'The microphone was disconnected' } });
    expect(t.mic.closed).toBe(1);
  });
});

describe('isUnclear', () => {
  it.each(['', '   ', '[BLANK_AUDIO]', '(music)', ' . ', '*silence*', '…'])('%j has no words', (text) => expect(isUnclear(text)).toBe(true));
  it.each(['Hello.', 'Paris?', '42', 'ok (maybe)', 'こんにちは'])('%j has words', (text) => expect(isUnclear(text)).toBe(false));
});
