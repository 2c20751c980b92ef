/** Read aloud's controls, states and failures (issue 39): registered by its lazy chunk, loaded with the first press. */
export const readAloud = {
  'readAloud.controls': 'Reading aloud',
  'readAloud.pause': 'Pause reading',
  'readAloud.resume': 'Resume reading',
  'readAloud.stop': 'Stop reading',
  'readAloud.speed': 'Reading speed: {speed}',
  'readAloud.speedOption': '{speed}×',
  'readAloud.state.speaking': 'Reading aloud',
  'readAloud.state.paused': 'Reading paused',
  'readAloud.state.idle': 'Reading ended',
  'readAloud.error.bad-audio': 'The speech server sent audio this browser cannot play. Check its speech model in Settings → Voice.',
  'readAloud.error.playback-blocked': 'The browser would not start playing. Press Read aloud again.',
  'readAloud.error.unauthorized': 'The speech server refused the API key (HTTP 401). Check the connection’s key in Settings → Connections.',
  'readAloud.error.forbidden': 'The speech server does not allow this key to speak (HTTP 403).',
  'readAloud.error.no-endpoint': 'This server does not speak (it has no /audio/speech). Choose another connection or the browser’s voice in Settings → Voice.',
  'readAloud.error.bad-request': 'The speech server refused the request. Check the speech model and voice in Settings → Voice.',
  'readAloud.error.rate-limited': 'The speech server is limiting requests (HTTP 429). Wait a moment and try again.',
  'readAloud.error.server-error': 'The speech server failed. Look at its log, or try again.',
  'readAloud.error.timeout': 'The speech server did not answer in time.',
  'readAloud.error.unreachable': 'No answer from the speech server. Check that it is running and that this device reaches it.',
  'readAloud.error.bad-response': 'The speech server answered, but not with audio.',
  'readAloud.error.unavailable': 'This voice cannot speak in this browser. Choose another in Settings → Voice.',
  'readAloud.error.no-api': 'This browser has no speech synthesis. Choose a server in Settings → Voice.',
  'readAloud.error.no-connection': 'No connection is chosen to speak with. Choose one in Settings → Voice.',
  'readAloud.error.no-model': 'No speech model is chosen. Choose one in Settings → Voice.',
  'readAloud.error.not-downloaded': 'The voice model is not downloaded yet. Download it in Settings → Voice.',
  'readAloud.error.unknown': 'The reply could not be read aloud. Try again.',
} as const;

/** The kinds a failure is said by; any other kind is said as `unknown`. */
export type ReadAloudErrorKey = Extract<keyof typeof readAloud, `readAloud.error.${string}`>;
