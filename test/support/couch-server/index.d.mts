export * from './server.mjs';
