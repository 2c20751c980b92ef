// The sandbox document's entry (build.mjs bundles it and inlines it into dist/sandbox.html).
import { startSandbox } from './sandbox';

startSandbox();
