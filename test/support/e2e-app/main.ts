// The app as the e2e tests run it: the real src/main.tsx with a deterministic model plugged
// into the ChatModel seam (the app itself ships no model). Built by test/e2e/global-setup.ts.
import { setChatModel } from '../../../src/chat';
import { createEchoModel } from './echo-model';

setChatModel(createEchoModel());
await import('../../../src/main');
