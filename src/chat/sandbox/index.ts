// The sandbox room's door (issue 36, docs/sandbox.md): artifacts in replies and their versions, the
// sandbox's protocol, and one frame's session with it.
export { artifactBlocksOf, artifactKindOf, mainArtifactOf, type ArtifactBlock, type ArtifactKind } from './artifact-blocks';
export { artifactsOf, versionOfBlock, type Artifact, type ArtifactSource, type ArtifactVersion } from './artifact-versions';
export { standalonePage, type StandalonePage } from './standalone-page';
export { readSandboxMessage, PREVIEW_KINDS, MAX_ARTIFACT_CHARS, SANDBOX_PROTOCOL, type AppToSandbox, type PreviewKind, type SandboxToApp } from './sandbox-protocol';
export { openSandboxSession, sandboxUrl, type SandboxFailure, type SandboxReports, type SandboxSession } from './sandbox-session';
