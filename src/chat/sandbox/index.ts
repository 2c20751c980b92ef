/** The door of sandbox/: the artifact sandbox's protocol and one frame's session with it (issue 36, docs/sandbox.md). */
export { readSandboxMessage, ARTIFACT_KINDS, MAX_ARTIFACT_CHARS, SANDBOX_PROTOCOL, type AppToSandbox, type ArtifactKind, type SandboxToApp } from './sandbox-protocol';
export { openSandboxSession, sandboxUrl, type SandboxFailure, type SandboxReports, type SandboxSession } from './sandbox-session';
