import { ChatModelError, type ChatModelRequest } from '../../../src/chat';
import { contentText } from '../../../src/chat/attachments/content-parts';
import { createScriptedModel, textSteps, type ScriptStep } from '../scripted-model';

/** Characters per delta and the pause between deltas: fast, but visibly streaming. */
const CHUNK_CHARS = 3;
const CHUNK_DELAY_MS = 15;
/** "[slow]" in a message stretches the reply so a test can act while it streams. */
const SLOW_DELAY_MS = 150;

/**
 * Replies "Echo: <the last user message>", deterministically. Markers in the message steer it:
 * "[slow]" streams slowly, "[fail]" breaks off after a few characters.
 */
export function createEchoModel() {
  return createScriptedModel({
    replies: (request: ChatModelRequest): ScriptStep[] => {
      const last = contentText([...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '');
      const text = `Echo: ${last}`;
      const delayMs = last.includes('[slow]') ? SLOW_DELAY_MS : CHUNK_DELAY_MS;
      if (last.includes('[fail]')) {
        return [
          ...textSteps(text.slice(0, 9), { size: CHUNK_CHARS, delayMs }),
          { delayMs, error: new ChatModelError('stream-interrupted', 'The connection closed before the reply was complete.') },
        ];
      }
      return [...textSteps(text, { size: CHUNK_CHARS, delayMs }), { delta: { type: 'finish', reason: 'stop' } }];
    },
  });
}
