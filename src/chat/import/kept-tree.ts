import type { ImportProblem } from './errors';

/**
 * The message tree of a source conversation with its invisible nodes (system, tool, hidden) left
 * out: each kept node hangs from its nearest kept ancestor, so no branch falls off the tree.
 */

export interface TreeNode {
  readonly id: string;
  readonly parent: string | null;
  readonly kept: boolean;
}

export interface KeptTree {
  /** Kept node ids, every parent before its children. */
  order: string[];
  /** Each kept node's nearest kept ancestor (null: a root). */
  parentOf: Map<string, string | null>;
  /** The node itself when kept, else its nearest kept ancestor (where a leaf that was left out points). */
  nearestKept(id: string): string | null;
}

/** A problem (missing parent, cycle) as the importer reports it; thrown by keptTree. */
export class TreeProblem extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.code);
  }
}

export function keptTree(nodes: ReadonlyMap<string, TreeNode>): KeptTree {
  /** Per node: its nearest kept ancestor and its depth among kept nodes, memoised. */
  const resolved = new Map<string, { ancestor: string | null; depth: number }>();
  const resolve = (start: string) => {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let id: string | null = start;
    // Walk up until a resolved node or a root, then fill the chain in on the way back.
    while (id !== null && !resolved.has(id)) {
      if (onChain.has(id)) throw new TreeProblem({ code: 'parent-cycle', params: { message: id } });
      const node = nodes.get(id);
      if (!node) throw new TreeProblem({ code: 'missing-parent', params: { message: chain[chain.length - 1] ?? start, parent: id } });
      chain.push(id);
      onChain.add(id);
      id = node.parent;
    }
    let above = id === null ? { ancestor: null as string | null, depth: 0 } : resolved.get(id)!;
    let aboveId = id;
    for (let i = chain.length - 1; i >= 0; i--) {
      const here = chain[i]!;
      // What a child of `here` sees: `here` itself if kept, else whatever `here` sees.
      const aboveKept = aboveId !== null && nodes.get(aboveId)!.kept;
      const entry = aboveKept ? { ancestor: aboveId, depth: above.depth + 1 } : above;
      resolved.set(here, entry);
      above = entry;
      aboveId = here;
    }
  };
  const parentOf = new Map<string, string | null>();
  const depthOf = new Map<string, number>();
  for (const node of nodes.values()) {
    resolve(node.id);
    if (!node.kept) continue;
    const { ancestor, depth } = resolved.get(node.id)!;
    parentOf.set(node.id, ancestor);
    depthOf.set(node.id, depth);
  }
  const order = [...parentOf.keys()].sort((a, b) => depthOf.get(a)! - depthOf.get(b)!);
  const nearestKept = (id: string) => {
    if (!nodes.has(id)) return null;
    return nodes.get(id)!.kept ? id : resolved.get(id)!.ancestor;
  };
  return { order, parentOf, nearestKept };
}
