/**
 * Voice capture (issue 39): the microphone (asked for only when a recording starts), voice
 * activity detection, and the hands-free conversation's turns. No UI: pages/ and app/ build on it.
 */
export { startRecording, type Recording, type RecordingOptions } from './recording';
export { openEar, type Ear, type EarOptions } from './ear';
export { openMicrophone, releaseMicrophone, type OpenMicrophoneOptions } from './open-microphone';
export { MicrophoneError, microphoneErrorOf, type MicrophoneProblem } from './microphone-error';
export { chooseAudioType, audioExtension, PREFERRED_AUDIO_TYPES } from './mime-type';
export { measureLoudness, levelOf, rmsOf, type Loudness } from './loudness';
export { detectVoice, type VoiceDetector, type VoiceDetectorOptions } from './voice-detector';
export {
  createVoiceActivity,
  VOICE_ACTIVITY_DEFAULTS,
  type VoiceActivity,
  type VoiceActivityEvent,
  type VoiceActivityOptions,
} from './voice-activity';
export {
  createConversation,
  isUnclear,
  type Conversation,
  type ConversationDeps,
  type ConversationEar,
  type ConversationOptions,
  type ConversationProblem,
  type ConversationReply,
  type ConversationSentences,
  type ConversationSnapshot,
  type ConversationState,
  type ConversationUtterance,
} from './conversation';
