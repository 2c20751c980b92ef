// The sandbox room's door (issue 36, docs/sandbox.md): artifacts in replies and their versions and the
// sandbox's protocol. One frame's session with it (and the runtimes it fetches) has a door of its own,
// sandbox-session.ts: only the preview's frame chunk needs it, while this door loads with the chat page.
export { artifactBlocksOf, artifactKindOf, mainArtifactOf, type ArtifactBlock, type ArtifactKind } from './artifact-blocks';
export { artifactsOf, versionOfBlock, type Artifact, type ArtifactSource, type ArtifactVersion } from './artifact-versions';
// The protocol's shape checks are the frames' business (sandbox-session.ts): the chat page needs only the kinds.
export { PREVIEW_KINDS, MAX_ARTIFACT_CHARS, type PreviewKind, type RunLanguage } from '../../lib/sandbox-wire';
export type { AppToSandbox, SandboxToApp } from './sandbox-protocol';
// Settings → Code's store (`sandbox-settings.ts`) and a version as a page (`standalone-page.ts`) are named
// doors: only Settings, a run and a download need them, while this door loads with the chat page.
