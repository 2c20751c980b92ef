// An init script for bench pages only (the app is not changed): a stand-in for React DevTools'
// global hook, which react-dom (production builds too) calls after every commit. From each commit
// it counts the components that rendered: mounted, or with React's PerformedWork flag set, walking
// only the subtrees the commit went through. `window.__benchRenders`: set `on`, read `commits` and
// `byName` ({ component name: renders }).
export function installRenderCounter() {
  const PERFORMED_WORK = 1;
  // Function, class, forwardRef and simple memo components (a memo with a compare function, tag 14,
  // wraps a function component that is counted itself).
  const COMPONENT_TAGS = new Set([0, 1, 11, 15]);
  const state = { on: false, commits: 0, byName: {} };
  const nameOf = (fiber) => fiber.type?.displayName || fiber.type?.name || fiber.type?.render?.name || `tag ${fiber.tag}`;
  const walk = (first) => {
    const stack = [first];
    while (stack.length > 0) {
      for (let fiber = stack.pop(); fiber; fiber = fiber.sibling) {
        const previous = fiber.alternate;
        if (COMPONENT_TAGS.has(fiber.tag) && (previous === null || (fiber.flags & PERFORMED_WORK) !== 0)) {
          const name = nameOf(fiber);
          state.byName[name] = (state.byName[name] ?? 0) + 1;
        }
        // A subtree the commit bailed out of keeps its old children (the same fiber objects).
        if (fiber.child && (previous === null || fiber.child !== previous.child)) stack.push(fiber.child);
      }
    }
  };
  let nextId = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      const id = nextId++;
      this.renderers.set(id, renderer);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!state.on) return;
      state.commits += 1;
      walk(root.current.child);
    },
  };
  window.__benchRenders = state;
}
