// The door of code runs (issue 36), for what loads with a run (a block's Run, the model's code tools):
// preparing a run (its settings, Python's files and packages) and one frame's session with the sandbox.
export { prepareRun, type PreparedRun, type RunChat, type RunSettings } from './run-preparation';
export { type PackageProblem } from './python-packages';
export { appendOutput, NO_OUTPUT, openSandboxSession, sandboxUrl, type RunEnded, type RunFile, type RunOptions, type RunOutput, type SandboxSession } from './sandbox-session';
export { runSettings } from './run-settings';
