// An artifact's versions over a chat: the replies along the shown branch that wrote or rewrote it.
import { artifactBlocksOf, type ArtifactBlock, type ArtifactKind } from './artifact-blocks';

/** A message of the shown branch, oldest first, as far as artifacts care. */
export interface ArtifactSource {
  id: string;
  role: string;
  content: string;
  /** False while the reply streams: its unclosed block is not a version yet. */
  complete: boolean;
  /**
   * On a user's message: the artifact it asks to change (sent from the artifact's panel). The
   * reply's block of that kind is then a version of it, whatever it is called.
   */
  revises?: string;
}

export interface ArtifactVersion {
  /** 1 for the first. */
  number: number;
  messageId: string;
  code: string;
  language: string;
}

export interface Artifact {
  /** Stable over the chat: the first version's message id and its place among that reply's artifact blocks. */
  key: string;
  kind: ArtifactKind;
  /** The latest name a version gave it; null while none did. */
  name: string | null;
  versions: ArtifactVersion[];
}

const sameName = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * The chat's artifacts with their versions. A reply's artifact block is a new version of an earlier
 * artifact when:
 * - the user's message before it was sent to revise that artifact (`revises`, an explicit edit), and
 *   the block is of its kind; or
 * - it has the same name (title or file name, case aside) as an artifact of the same kind; or
 * - it has no name, or a name no artifact has yet, and is the reply's only block of its kind while
 *   the chat so far has exactly one artifact of that kind that it does not contradict (an unnamed
 *   one, or a named one when the block is unnamed): "make the button blue" answered with the whole
 *   page again, as models do.
 * Anything else is a new artifact. A block identical to the artifact's latest version adds no
 * version (a reply that repeats the page unchanged).
 */
export function artifactsOf(
  path: readonly ArtifactSource[],
  // A page reading a long chat again after each reply passes a reader that remembers each message's blocks.
  blocksOf: (source: ArtifactSource) => readonly ArtifactBlock[] = (source) => artifactBlocksOf(source.content, source.complete),
): Artifact[] {
  const artifacts: Artifact[] = [];
  let revises: string | undefined;
  for (const message of path) {
    if (message.role === 'user') {
      revises = message.revises;
      continue;
    }
    if (message.role !== 'assistant') continue;
    const blocks = blocksOf(message);
    const perKind = new Map<ArtifactKind, number>();
    for (const block of blocks) perKind.set(block.kind, (perKind.get(block.kind) ?? 0) + 1);
    const claimed = new Set<Artifact>();
    blocks.forEach((block, index) => {
      const ofKind = artifacts.filter((artifact) => artifact.kind === block.kind && !claimed.has(artifact));
      const explicit = revises ? ofKind.find((artifact) => artifact.key === revises) : undefined;
      const named = block.name ? ofKind.find((artifact) => sameName(artifact.name, block.name)) : undefined;
      const alone = perKind.get(block.kind) === 1 && ofKind.length === 1 ? ofKind[0]! : undefined;
      // Two different names are two files (index.html, then about.html), never one rewritten.
      const implicit = alone && (alone.name === null || block.name === null) ? alone : undefined;
      const target = explicit ?? named ?? implicit;
      if (!target) {
        const artifact: Artifact = {
          key: `${message.id}:${index}`,
          kind: block.kind,
          name: block.name,
          versions: [{ number: 1, messageId: message.id, code: block.code, language: block.language }],
        };
        artifacts.push(artifact);
        claimed.add(artifact);
        return;
      }
      claimed.add(target);
      if (block.name) target.name = block.name;
      const latest = target.versions[target.versions.length - 1]!;
      if (latest.code === block.code) return;
      target.versions.push({ number: latest.number + 1, messageId: message.id, code: block.code, language: block.language });
    });
    revises = undefined;
  }
  return artifacts;
}

/** The artifact and version a reply's block is, found by the reply and the block's code (as a rendered code block knows itself). */
export function versionOfBlock(
  artifacts: readonly Artifact[],
  messageId: string,
  code: string,
): { artifact: Artifact; version: ArtifactVersion } | null {
  for (const artifact of artifacts) {
    for (const version of artifact.versions) {
      if (version.messageId === messageId && version.code === code) return { artifact, version };
    }
  }
  // A block repeating its artifact's latest version unchanged made no version: it shows that one.
  for (const artifact of artifacts) {
    const latest = artifact.versions[artifact.versions.length - 1]!;
    if (latest.code === code) return { artifact, version: latest };
  }
  return null;
}
