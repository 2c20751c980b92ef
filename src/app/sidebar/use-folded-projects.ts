import { useCallback, useState } from 'react';

/** localStorage key of the projects the user folded in the sidebar (per browser, like the sidebar's own state). */
export const FOLDED_PROJECTS_KEY = 'parley.projects.folded';

function readFolded(): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(FOLDED_PROJECTS_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Which sidebar projects are folded: open unless the user folded them, remembered in this
 * browser. A storage that refuses writes (private mode, full) keeps the choice for the visit.
 */
export function useFoldedProjects() {
  const [folded, setFolded] = useState(readFolded);
  const setOpen = useCallback((id: string, open: boolean) => {
    setFolded((current) => {
      if (current.has(id) === !open) return current;
      const next = new Set(current);
      if (open) next.delete(id);
      else next.add(id);
      try {
        localStorage.setItem(FOLDED_PROJECTS_KEY, JSON.stringify([...next]));
      } catch {
        // Kept in memory only.
      }
      return next;
    });
  }, []);
  return { folded, setOpen };
}
