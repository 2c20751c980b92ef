// The browser's own speech as a voice engine (issue 39): the Web Speech API's recognition
// (SpeechRecognition, webkitSpeechRecognition in Chrome and Safari: a cloud service of the
// browser's maker, absent in Firefox) and speechSynthesis (voices of the system, most on the
// device; a voice with localService false is the vendor's network voice). Feature-detected.
import { settleOnce } from './audio-playback';
import { voiceError, type VoiceErrorKind } from './voice-error';
import type { Availability, EngineInfo, ListenOptions, LiveTranscriber, SayOptions, SpeechEngine, Utterance } from './voice-types';

export const BROWSER_ENGINE_ID = 'browser';

/** The part of SpeechRecognition used here (not in TypeScript's DOM types). */
export interface RecognitionLike extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionConstructor = new () => RecognitionLike;

/** Where the page's globals are: `window` by default, a stand-in in tests. */
export type SpeechGlobals = {
  SpeechRecognition?: RecognitionConstructor;
  webkitSpeechRecognition?: RecognitionConstructor;
  speechSynthesis?: SpeechSynthesis;
  SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance;
  navigator?: { userAgent?: string };
};

const pageGlobals = (): SpeechGlobals => globalThis as unknown as SpeechGlobals;

export const recognitionOf = (globals: SpeechGlobals = pageGlobals()): RecognitionConstructor | undefined => globals.SpeechRecognition ?? globals.webkitSpeechRecognition;

/**
 * Whose service the browser's recognition sends the audio to, as far as its user agent tells:
 * Chrome's is Google's, Edge's Microsoft's, Safari's Apple's. Undefined: the browser does not say.
 */
export function recognitionVendor(userAgent = ''): string | undefined {
  if (/Edg\//.test(userAgent)) return 'Microsoft';
  if (/Chrome\/|Chromium\//.test(userAgent)) return 'Google';
  if (/Safari\//.test(userAgent)) return 'Apple';
  return undefined;
}

/** The recognition's error names, as VoiceErrors. */
const RECOGNITION_ERRORS: Record<string, VoiceErrorKind> = {
  'not-allowed': 'not-allowed',
  'service-not-allowed': 'not-allowed',
  'audio-capture': 'no-microphone',
  network: 'network',
  'language-not-supported': 'unavailable',
};

export function createBrowserTranscriber(globals: SpeechGlobals = pageGlobals()): LiveTranscriber {
  const Recognition = recognitionOf(globals);
  const availability = (): Availability => (Recognition ? { available: true } : { available: false, reason: 'no-api' });
  const describe = (): EngineInfo => {
    const vendorName = recognitionVendor(globals.navigator?.userAgent);
    return { leaves: 'audio', to: 'vendor', ...(vendorName && { vendorName }) };
  };
  return {
    id: BROWSER_ENGINE_ID,
    kind: 'browser',
    input: 'live',
    describe,
    availability,
    listen({ signal, language, onInterim }: ListenOptions): Promise<string> {
      if (!Recognition) return Promise.reject(voiceError('unavailable'));
      if (signal.aborted) return Promise.reject(signal.reason);
      const recognition = new Recognition();
      recognition.lang = language ?? '';
      // One utterance: the service ends it when the speaker stops.
      recognition.continuous = false;
      recognition.interimResults = !!onInterim;
      return new Promise<string>((resolve, reject) => {
        let finalText = '';
        const onAbort = () => {
          recognition.abort();
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        recognition.addEventListener('result', (event) => {
          const results = (event as unknown as { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }).results;
          let interim = '';
          finalText = '';
          for (const result of Array.from(results)) {
            if (result.isFinal) finalText += result[0]?.transcript ?? '';
            else interim += result[0]?.transcript ?? '';
          }
          onInterim?.((finalText + interim).trim());
        });
        recognition.addEventListener('error', (event) => {
          const name = (event as unknown as { error?: string }).error ?? '';
          signal.removeEventListener('abort', onAbort);
          // `no-speech` and `aborted` are not failures: nothing was said.
          if (name === 'no-speech' || name === 'aborted') resolve('');
          else reject(voiceError(RECOGNITION_ERRORS[name] ?? 'network', { reason: name }));
        });
        recognition.addEventListener('end', () => {
          signal.removeEventListener('abort', onAbort);
          resolve(finalText.trim());
        });
        try {
          recognition.start();
        } catch (error) {
          reject(voiceError('unavailable', { cause: error }));
        }
      });
    },
  };
}

/** The browser's voices as Settings lists them: id (voiceURI), name, language, and whether it runs on the device. */
export interface BrowserVoice {
  id: string;
  name: string;
  language: string;
  /** false: the vendor's network voice (the text goes to its service). */
  local: boolean;
}

export function browserVoices(globals: SpeechGlobals = pageGlobals()): BrowserVoice[] {
  return (globals.speechSynthesis?.getVoices() ?? []).map((voice) => ({ id: voice.voiceURI, name: voice.name, language: voice.lang, local: voice.localService }));
}

/** The voice to use: the one chosen, else the first of the language that runs on the device, else the browser's default (undefined). */
export function pickBrowserVoice(voices: readonly SpeechSynthesisVoice[], chosen: string | undefined, language: string | undefined): SpeechSynthesisVoice | undefined {
  if (chosen) {
    const found = voices.find((voice) => voice.voiceURI === chosen || voice.name === chosen);
    if (found) return found;
  }
  if (!language) return undefined;
  const ofLanguage = voices.filter((voice) => voice.lang.toLowerCase().startsWith(language.toLowerCase()));
  return ofLanguage.find((voice) => voice.localService) ?? ofLanguage[0];
}

export function createBrowserSpeaker(globals: SpeechGlobals = pageGlobals(), chosenVoice?: string): SpeechEngine {
  const synthesis = globals.speechSynthesis;
  const Speak = globals.SpeechSynthesisUtterance;
  return {
    id: BROWSER_ENGINE_ID,
    kind: 'browser',
    // Most system voices run on the device; a network voice (Chrome's "Google …" voices) sends the text to its vendor.
    describe: (): EngineInfo => {
      const voice = synthesis && chosenVoice ? synthesis.getVoices().find((v) => v.voiceURI === chosenVoice) : undefined;
      return voice && !voice.localService ? { leaves: 'text', to: 'vendor', vendorName: recognitionVendor(globals.navigator?.userAgent) } : { leaves: 'nothing' };
    },
    availability: () => (synthesis && Speak ? { available: true } : { available: false, reason: 'no-api' }),
    say(text: string, { voice, speed, language, signal }: SayOptions): Utterance {
      const end = settleOnce();
      if (!synthesis || !Speak) {
        end.reject(voiceError('unavailable'));
        return { done: end.done, pause() {}, resume() {}, stop() {} };
      }
      const utterance = new Speak(text);
      const picked = pickBrowserVoice(synthesis.getVoices(), voice ?? chosenVoice, language);
      if (picked) utterance.voice = picked;
      if (language) utterance.lang = picked?.lang ?? language;
      utterance.rate = speed;
      const stop = () => {
        signal.removeEventListener('abort', stop);
        // cancel() empties the whole queue: only when this one is still the browser's.
        if (!end.settled()) synthesis.cancel();
        end.resolve();
      };
      utterance.addEventListener('end', () => end.resolve());
      utterance.addEventListener('error', (event) => {
        const name = (event as SpeechSynthesisErrorEvent).error;
        if (name === 'canceled' || name === 'interrupted') end.resolve();
        else end.reject(voiceError(name === 'not-allowed' ? 'playback-blocked' : 'bad-audio', { reason: name }));
      });
      signal.addEventListener('abort', stop, { once: true });
      if (signal.aborted) stop();
      else synthesis.speak(utterance);
      return { done: end.done, pause: () => synthesis.pause(), resume: () => synthesis.resume(), stop };
    },
  };
}
