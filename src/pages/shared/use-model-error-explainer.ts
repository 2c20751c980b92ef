import { useEffect, useState } from 'react';
import { loadOnce } from '../../lib/load-once';
import type { explainModelError } from './explain-model-error';

/**
 * The model error explanations (and their strings, the catalogue's largest area) are fetched the
 * first time a failure has to be explained, not with the first screen (issue 12). Import
 * explain-model-error directly only from code that is itself loaded lazily; pages/shared/index.ts
 * must not re-export it, or esbuild makes every chunk importing the index fetch it at once.
 */
export type ExplainModelError = typeof explainModelError;

/** Fetches the explanations once; a failed fetch (a redeploy removed the file) is tried again next time. */
export const loadModelErrorExplainer = loadOnce<ExplainModelError>(() => import('./explain-model-error').then((module) => module.explainModelError));

/** The explainer once it is here, fetched as soon as it is `wanted`; re-renders when it arrives. */
export function useModelErrorExplainer(wanted: boolean): ExplainModelError | undefined {
  const [explain, setExplain] = useState(loadModelErrorExplainer.loaded);
  useEffect(() => {
    if (!wanted || explain) return undefined;
    let live = true;
    loadModelErrorExplainer().then(
      (loadedExplain) => live && setExplain(() => loadedExplain),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, explain]);
  return explain ?? loadModelErrorExplainer.loaded();
}
