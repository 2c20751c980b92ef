import { useEffect, useState } from 'react';
import type { explainModelError } from './explain-model-error';

/**
 * The model error explanations (and their strings, the catalogue's largest area) are fetched the
 * first time a failure has to be explained, not with the first screen (issue 12). Import
 * explain-model-error directly only from code that is itself loaded lazily; pages/shared/index.ts
 * must not re-export it, or esbuild makes every chunk importing the index fetch it at once.
 */
export type ExplainModelError = typeof explainModelError;

let loaded: ExplainModelError | undefined;
let loading: Promise<ExplainModelError> | undefined;

/** Fetches the explanations once; a failed fetch (a redeploy removed the file) is tried again next time. */
export function loadModelErrorExplainer(): Promise<ExplainModelError> {
  loading ??= import('./explain-model-error').then(
    (module) => (loaded = module.explainModelError),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The explainer once it is here, fetched as soon as it is `wanted`; re-renders when it arrives. */
export function useModelErrorExplainer(wanted: boolean): ExplainModelError | undefined {
  const [explain, setExplain] = useState(() => loaded);
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
  return explain ?? loaded;
}
