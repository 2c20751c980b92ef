export * from './server.mjs';
export * from './chunks.mjs';
export * from './fixtures.mjs';
export * from './tool-script.mjs';
export * from './native-chunks.mjs';
export * from './search-streams.mjs';
export * from './audio.mjs';
