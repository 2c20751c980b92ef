// What a hands-free conversation (issue 39) runs on, loaded with the conversation's view: the
// microphone and its voice activity, the chosen engines, the chat (a message sent as if typed, its
// reply read as it streams) and the sentence splitter that lets speech start before the reply ends.
import { getChatStore } from '../../../chat';
import { createConversation, openEar, type Conversation, type ConversationReply } from '../../../chat/voice';
import { createSentenceStream } from '../../../markdown/sentence-stream';
import { speaker, transcriber } from '../../shared/voice/voice-runtime';

/** The reply to the message `sent` resolves with, as the store streams it: each value its whole text so far. */
function replyTo(chatId: string, sent: Promise<string | undefined>): ConversationReply {
  const store = getChatStore();
  let stopped = false;
  return {
    stop() {
      stopped = true;
      store.stopChat(chatId);
    },
    async *[Symbol.asyncIterator]() {
      const questionId = await sent;
      if (!questionId) throw new Error('The message could not be sent.');
      let last = '';
      for (;;) {
        // Listening before reading: a change between the two is not missed.
        let unsubscribe = () => {};
        const changed = new Promise<void>((resolve) => (unsubscribe = store.subscribe(() => resolve())));
        try {
          const reply = store.getSnapshot().messages.get(chatId)?.findLast((m) => m.parentId === questionId && m.role === 'assistant');
          if (reply && reply.content !== last) yield (last = reply.content);
          if (reply && reply.status !== 'streaming') {
            if (reply.status === 'error' && !stopped) throw new Error(reply.error ?? 'The reply failed.');
            return;
          }
          await changed;
        } finally {
          unsubscribe();
        }
      }
    },
  };
}

export async function createChatConversation(chatId: string): Promise<Conversation> {
  const [{ engine: ears, settings }, { engine: voice }] = await Promise.all([transcriber(), speaker()]);
  const language = settings.language || undefined;
  return createConversation({
    listen: ({ signal, onSpeechStart }) => openEar({ signal, onSpeechStart, silenceMs: settings.silenceMs }),
    transcribe(audio, signal) {
      // The browser's own recognition listens by itself; a conversation needs a recording's engine.
      if (ears.input !== 'recording') return Promise.reject(new Error('Hands-free talk needs a transcription server: choose one in Settings → Voice.'));
      return ears.transcribe(audio, { signal, language });
    },
    send: (text) => replyTo(chatId, getChatStore().sendMessage(chatId, text)),
    speak: (sentence, signal) => voice.say(sentence, { voice: settings.voice || undefined, speed: settings.speed, language, signal }),
    sentences() {
      // The conversation hands over each new piece; the splitter reads the whole text so far.
      const splitter = createSentenceStream();
      let text = '';
      return { push: (piece) => splitter.push((text += piece)), end: () => splitter.end() };
    },
  });
}
