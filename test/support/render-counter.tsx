// Counts the components React renders in each commit, as React DevTools sees them (the same walk as
// bench/long/render-counter.mjs, whose DevTools hook must exist before react-dom loads: a unit test
// file cannot have that, so a Profiler says when a commit happens instead).
import { Profiler, type ReactNode } from 'react';

/** The parts of a React fiber the count reads. */
interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  return: Fiber | null;
}

/** One component that rendered in a commit, and the components around it (innermost first). */
export interface Rendered {
  name: string;
  type: unknown;
  /** The types of the components it sits in. */
  ancestors: unknown[];
}

/** React's PerformedWork flag: the component's function ran in this render (it did not bail out). */
const PERFORMED_WORK = 1;
/** Function, class, forwardRef and simple memo components (a memo with a compare function wraps a function component counted itself). */
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);

const nameOf = (type: unknown): string => {
  const t = type as { displayName?: string; name?: string; render?: { name?: string } } | null;
  return t?.displayName || t?.name || t?.render?.name || 'anonymous';
};

function ancestorsOf(fiber: Fiber): unknown[] {
  const types: unknown[] = [];
  for (let parent = fiber.return; parent; parent = parent.return) if (COMPONENT_TAGS.has(parent.tag) || parent.tag === 14) types.push(parent.type);
  return types;
}

/**
 * Counts the components each commit renders under <RenderCounter> (put it around the whole tree):
 * its Profiler's onRender says a commit happened (during the commit, once the new tree is current),
 * and the walk goes from the root that `container` holds.
 */
export function createRenderCounter() {
  let on = false;
  let rendered: Rendered[] = [];
  let root: { current: Fiber } | undefined;
  const walk = (first: Fiber | null) => {
    const stack = [first];
    while (stack.length > 0) {
      for (let fiber = stack.pop() ?? null; fiber; fiber = fiber.sibling) {
        const previous = fiber.alternate;
        if (COMPONENT_TAGS.has(fiber.tag) && (previous === null || (fiber.flags & PERFORMED_WORK) !== 0)) {
          rendered.push({ name: nameOf(fiber.type), type: fiber.type, ancestors: ancestorsOf(fiber) });
        }
        // A subtree the commit bailed out of keeps its old children (the same fiber objects).
        if (fiber.child && (previous === null || fiber.child !== previous.child)) stack.push(fiber.child);
      }
    }
  };
  function RenderCounter({ children }: { children: ReactNode }) {
    return (
      <Profiler id="render-counter" onRender={() => on && root && walk(root.current.child)}>
        {children}
      </Profiler>
    );
  }
  return {
    RenderCounter,
    /** The root React rendered into `container` (React keeps its first fiber on the element). */
    attach(container: Element) {
      const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
      if (!key) throw new Error('Nothing rendered into this container');
      root = (container as unknown as Record<string, { stateNode: { current: Fiber } }>)[key]!.stateNode;
    },
    /** The components that rendered while `run` ran (its commits, effects flushed by act() included). */
    during(run: () => void): Rendered[] {
      rendered = [];
      on = true;
      try {
        run();
      } finally {
        on = false;
      }
      return rendered;
    },
  };
}

/** The names of those that are neither `component` nor inside it. */
export const outside = (rendered: readonly Rendered[], component: unknown): string[] =>
  rendered.filter((r) => r.type !== component && !r.ancestors.includes(component)).map((r) => r.name);
