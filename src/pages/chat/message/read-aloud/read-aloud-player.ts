// Read aloud's loop (issue 39), loaded with the first press: follows the reply in the chat store as
// it streams, cuts its text into speakable sentences (markdown's sentence stream) and says them in
// order through the chosen engine, so speech starts at the first sentence, not at the reply's end.
import { getChatStore, type Message } from '../../../../chat';
import { isVoiceError } from '../../../../chat/voice';
import { createSentenceStream } from '../../../../markdown/sentence-stream';
import { speaker as voiceSpeaker } from '../../../shared/voice/voice-runtime';
import { getReader, readerSpeed, stopReading, subscribeReader, updateReader, type SpeakerSource } from './reader-store';

/**
 * The store's changes reach the sentence stream at most this often: each push lexes the whole reply,
 * and a fast server sends hundreds of deltas a second. A timer, not an animation frame: frames stop
 * in a hidden tab, and a phone's screen may well go off while it reads.
 */
export const PUSH_EVERY_MS = 50;

export interface ReadAloudOptions {
  chatId: string;
  messageId: string;
  /** The reading's session: aborted by Stop, another reading, leaving the chat. */
  signal: AbortSignal;
  speaker?: SpeakerSource;
}

export async function readAloud({ chatId, messageId, signal, speaker = voiceSpeaker }: ReadAloudOptions): Promise<void> {
  const update = (patch: Parameters<typeof updateReader>[0]) => updateReader(patch, signal);
  const cleanups: (() => void)[] = [];
  // Resolves the loop's wait: a new sentence, the reply's end, Pause/Resume, Stop.
  let poke = () => {};
  const changed = () =>
    new Promise<void>((resolve) => {
      const off = subscribeReader(() => poke());
      poke = () => (off(), (poke = () => {}), resolve());
    });
  const onAbort = () => poke();
  signal.addEventListener('abort', onAbort);
  cleanups.push(() => signal.removeEventListener('abort', onAbort));
  try {
    const { engine, settings } = await speaker();
    if (signal.aborted) return;
    const availability = engine.availability();
    if (!availability.available) return update({ state: 'error', errorKind: availability.reason });
    update({ speed: readerSpeed(settings.speed) });

    const sentences = createSentenceStream();
    let ended = false;
    let seen: readonly Message[] | undefined;
    const store = getChatStore();
    const read = () => {
      const messages = store.getSnapshot().messages.get(chatId);
      if (messages === seen || ended || signal.aborted) return;
      seen = messages;
      const message = messages?.find((candidate) => candidate.id === messageId);
      // Deleted (here or in another tab): nothing left to read.
      if (!message) return stopReading();
      const said = sentences.push(message.content);
      if (message.status !== 'streaming') {
        ended = true;
        said.push(...sentences.end());
      }
      if (said.length > 0) update({ queue: [...getReader().queue, ...said] });
      poke();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        read();
      }, PUSH_EVERY_MS);
    });
    cleanups.push(unsubscribe, () => clearTimeout(timer));
    read();

    while (!signal.aborted) {
      const { queue, state } = getReader();
      if (state === 'paused' || queue.length === 0) {
        if (state !== 'paused' && ended) break;
        await changed();
        continue;
      }
      const [sentence, ...rest] = queue as [string, ...string[]];
      const utterance = engine.say(sentence, {
        voice: settings.voice || undefined,
        speed: getReader().speed,
        language: settings.language || undefined,
        signal,
      });
      update({ queue: rest, utterance, state: 'speaking' });
      await utterance.done;
      update({ utterance: undefined });
    }
    // Said to the end: the control is back to Read aloud.
    if (!signal.aborted) stopReading();
  } catch (error) {
    update({ state: 'error', errorKind: isVoiceError(error) ? error.kind : 'unknown', utterance: undefined, queue: [] });
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}
