// A real OpenAI-compatible test server and the builders of its replies. Typical use:
//
//   const server = await startOpenAiServer();            // http://127.0.0.1:PORT/v1
//   server.setScript(textStream('Hello!', { delayMs: 20 }));  // every chat completion
//   server.enqueue(errorResponse(429, 'Slow down', { headers: { 'Retry-After': '5' } }));  // just the next one
//   server.setScript(fixtureResponse('unicode-split'));   // a recorded stream, verbatim
//   server.setScript({ ...textStream('cut', { disconnectAfter: 2 }) });  // breaks off mid-stream
//   server.setScript({ ...textStream(benchmarkTokens(20_000)), ignoreDelays: true });
//   server.setCors(false);                                // a browser's fetch now fails
//   server.requests                                        // what arrived, and how each reply went
//   await server.close();
export * from './server.mjs';
export * from './chunks.mjs';
export * from './fixtures.mjs';
export * from './tool-script.mjs';
export * from './native-chunks.mjs';
export * from './search-streams.mjs';
export * from './audio.mjs';
