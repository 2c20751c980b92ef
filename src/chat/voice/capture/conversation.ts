// Hands-free conversation (issue 39): listen → transcribe → send → speak the reply sentence by
// sentence as it streams → listen again, with barge-in. A store outside React (subscribe /
// getSnapshot); the microphone, the engines, the chat and the sentence splitter are injected, so
// it runs (and is tested) without a browser.

export type ConversationState = 'idle' | 'listening' | 'transcribing' | 'thinking' | 'speaking' | 'error';

export type ConversationProblem = 'microphone' | 'transcription' | 'reply' | 'speech';

export interface ConversationSnapshot {
  readonly state: ConversationState;
  /** While listening: the last utterance held no words, so nothing was sent. */
  readonly unclear?: boolean;
  /** In 'error': what failed and the message. Nothing the user did not say was sent. */
  readonly error?: { readonly problem: ConversationProblem; readonly message: string };
  /** The last words heard and sent. */
  readonly heard?: string;
}

/** The open microphone, as the conversation uses it (capture's `openEar` is the real one). */
export interface ConversationEar {
  /** The next utterance's audio, once its speaker stops (voice activity detection). */
  next(signal: AbortSignal): Promise<Blob>;
  /** Releases the microphone (its tracks stopped). */
  close(): void;
}

/** A reply under way: yields its text so far (each value the whole text), ends when it settles. */
export interface ConversationReply extends AsyncIterable<string> {
  stop(): void;
}

/** Sentences out of streaming text: push() takes the next piece, end() flushes the rest. */
export interface ConversationSentences {
  push(text: string): string[];
  end(): string[];
}

/** One sentence being spoken (the voice room's Utterance fits). */
export interface ConversationUtterance {
  readonly done: Promise<void>;
  stop(): void;
}

export interface ConversationDeps {
  /** Opens the microphone and its voice activity detection; onSpeechStart fires whenever speech starts. */
  listen(options: { signal: AbortSignal; onSpeechStart: () => void }): Promise<ConversationEar>;
  transcribe(audio: Blob, signal: AbortSignal): Promise<string>;
  /** Sends the words as the user's message and returns the model's reply. */
  send(text: string): ConversationReply;
  speak(sentence: string, signal: AbortSignal): ConversationUtterance;
  /** A fresh splitter for each reply. */
  sentences(): ConversationSentences;
}

export interface Conversation {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConversationSnapshot;
  /** Opens the microphone and listens; resolves once listening (or in 'error' if the microphone failed). */
  start(): Promise<void>;
  /** Ends the conversation: playback stopped, microphone released. A reply keeps streaming into the chat. */
  stop(): void;
}

/** Words or not: Whisper-style servers answer silence with "", "[BLANK_AUDIO]", "(music)"… */
export function isUnclear(text: string): boolean {
  return text.replace(/\[[^\]]*\]|\([^)]*\)|\*[^*]*\*/g, '').replace(/[\s\p{P}\p{S}]/gu, '') === '';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Unknown error';

interface Turn {
  readonly controller: AbortController;
  readonly reply: ConversationReply;
  utterance?: ConversationUtterance;
}

export interface ConversationOptions {
  /** A transcription slower than this fails with a clear message (default 30 s). */
  transcribeTimeoutMs?: number;
}

export function createConversation(deps: ConversationDeps, { transcribeTimeoutMs = 30_000 }: ConversationOptions = {}): Conversation {
  let snapshot: ConversationSnapshot = { state: 'idle' };
  const listeners = new Set<() => void>();
  let session: AbortController | undefined;
  let ear: ConversationEar | undefined;
  /** The turn being answered: aborted by barge-in. */
  let turn: Turn | undefined;

  function set(next: ConversationSnapshot) {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  /** Speech over the reply: playback stops now (not at the next await), and so does the reply. */
  function bargeIn() {
    const current = turn;
    if (!current || current.controller.signal.aborted) return;
    current.utterance?.stop();
    current.reply.stop();
    current.controller.abort();
    set({ state: 'listening', heard: snapshot.heard });
  }

  function onSpeechStart() {
    if (!session || session.signal.aborted) return;
    if (snapshot.state === 'thinking' || snapshot.state === 'speaking') bargeIn();
    // Speaking again after an error or an unclear utterance: the notice has done its job.
    else if (snapshot.state === 'error' || snapshot.unclear) set({ state: 'listening', heard: snapshot.heard });
  }

  /** Speaks the reply's sentences as they complete; resolves when all are spoken or the turn ends. */
  async function speakReply(current: Turn): Promise<void> {
    const { signal } = current.controller;
    const splitter = deps.sentences();
    const queue: string[] = [];
    let streamed = false;
    let failure: unknown;
    let wake: (() => void) | undefined;
    const poke = () => {
      wake?.();
      wake = undefined;
    };
    signal.addEventListener('abort', poke, { once: true });

    void (async () => {
      let previous = '';
      try {
        for await (const text of current.reply) {
          if (signal.aborted) return;
          // The text so far; a rewrite (not an extension) is taken from the start.
          const piece = text.startsWith(previous) ? text.slice(previous.length) : text;
          previous = text;
          queue.push(...splitter.push(piece));
          poke();
        }
        queue.push(...splitter.end());
      } catch (error) {
        failure = error;
      } finally {
        streamed = true;
        poke();
      }
    })();

    while (!signal.aborted) {
      const sentence = queue.shift();
      if (sentence !== undefined) {
        if (!sentence.trim()) continue;
        set({ state: 'speaking', heard: snapshot.heard });
        const utterance = deps.speak(sentence, signal);
        current.utterance = utterance;
        try {
          await utterance.done;
        } catch (error) {
          if (signal.aborted) return;
          throw Object.assign(new Error(messageOf(error)), { problem: 'speech' as const });
        } finally {
          current.utterance = undefined;
        }
        continue;
      }
      if (streamed) {
        if (failure !== undefined && !signal.aborted) throw Object.assign(new Error(messageOf(failure)), { problem: 'reply' as const });
        return;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }

  /** The turns, until the conversation ends. */
  async function loop(opened: ConversationEar, signal: AbortSignal) {
    // Always one utterance being waited for, so speech during a reply is recorded from its start.
    let pending = opened.next(signal);
    while (!signal.aborted) {
      let audio: Blob;
      try {
        audio = await pending;
      } catch (error) {
        // The microphone failed (unplugged…): the conversation ends, the chat is untouched.
        if (!signal.aborted) fail('microphone', error, true);
        return;
      }
      if (signal.aborted) return;
      pending = opened.next(signal);
      pending.catch(() => undefined); // awaited next time round; a failure meanwhile is not unhandled
      set({ state: 'transcribing', heard: snapshot.heard });
      let text: string;
      try {
        text = (await transcribeInTime(audio, signal)).trim();
      } catch (error) {
        if (signal.aborted) return;
        fail('transcription', error);
        continue;
      }
      if (signal.aborted) return;
      if (isUnclear(text)) {
        set({ state: 'listening', unclear: true, heard: snapshot.heard });
        continue;
      }
      set({ state: 'thinking', heard: text });
      const current: Turn = { controller: new AbortController(), reply: deps.send(text) };
      turn = current;
      // An utterance that ends during the reply (its start unseen) interrupts it as well.
      pending.then(
        () => turn === current && bargeIn(),
        () => undefined,
      );
      try {
        await speakReply(current);
        if (!current.controller.signal.aborted && !signal.aborted) set({ state: 'listening', heard: snapshot.heard });
      } catch (error) {
        if (!signal.aborted) fail((error as { problem?: ConversationProblem }).problem ?? 'speech', error);
      } finally {
        if (turn === current) turn = undefined;
      }
    }
  }

  /** The engine's answer, or a clear error once it has taken too long (the request aborted). */
  async function transcribeInTime(audio: Blob, signal: AbortSignal): Promise<string> {
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`Transcription took longer than ${Math.round(transcribeTimeoutMs / 1000)} s`));
      }, transcribeTimeoutMs);
    });
    try {
      return await Promise.race([deps.transcribe(audio, controller.signal), late]);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  }

  function fail(problem: ConversationProblem, error: unknown, fatal = false) {
    set({ state: 'error', error: { problem, message: messageOf(error) }, heard: snapshot.heard });
    if (fatal) release();
  }

  function release() {
    session?.abort();
    session = undefined;
    turn?.utterance?.stop();
    turn?.controller.abort();
    turn = undefined;
    ear?.close();
    ear = undefined;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    async start() {
      if (session) return;
      const controller = new AbortController();
      session = controller;
      set({ state: 'listening' });
      let opened: ConversationEar;
      try {
        opened = await deps.listen({ signal: controller.signal, onSpeechStart });
      } catch (error) {
        if (controller.signal.aborted) return;
        session = undefined;
        set({ state: 'error', error: { problem: 'microphone', message: messageOf(error) } });
        return;
      }
      if (controller.signal.aborted) {
        opened.close();
        return;
      }
      ear = opened;
      void loop(opened, controller.signal);
    },
    stop() {
      if (!session && !ear) return;
      release();
      set({ state: 'idle' });
    },
  };
}
