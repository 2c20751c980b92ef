// The sandbox room's door: artifacts in replies, their versions, and (issue 36) the frame they run in.
export { artifactBlocksOf, artifactKindOf, mainArtifactOf, type ArtifactBlock, type ArtifactKind } from './artifact-blocks';
export { artifactsOf, versionOfBlock, type Artifact, type ArtifactSource, type ArtifactVersion } from './artifact-versions';
export { standalonePage, type StandalonePage } from './standalone-page';
