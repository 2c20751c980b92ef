import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';

/** The keyCode browsers give keydowns an input method (IME) handles; Safari also for the Enter that ends a composition. */
export const IME_KEY_CODE = 229;
/**
 * How long after compositionend an Enter keydown still belongs to the composition. Safari
 * fires compositionend *before* the keydown of the Enter that confirms the text, in the
 * same task; the window is only a bound for when no keyup follows (a candidate picked by mouse).
 */
export const COMPOSITION_END_GRACE_MS = 100;

/**
 * Tells whether a keydown is part of an IME composition (Japanese, Chinese, Korean input…),
 * where Enter confirms the text and must not send it. Spread the handlers on the field.
 */
export function useCompositionGuard() {
  const composing = useRef(false);
  const justEnded = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useMemo(() => {
    const forgetEnd = () => {
      justEnded.current = false;
      clearTimeout(timer.current);
    };
    return {
      handlers: {
        onCompositionStart: () => {
          composing.current = true;
          forgetEnd();
        },
        onCompositionEnd: () => {
          composing.current = false;
          justEnded.current = true;
          clearTimeout(timer.current);
          timer.current = setTimeout(forgetEnd, COMPOSITION_END_GRACE_MS);
        },
        // The key that ended the composition was released (Chrome, Firefox): the next Enter is the user's.
        onKeyUp: forgetEnd,
      },
      /** An input method is composing in the field now (its text is not the user's yet: leave it alone). */
      composing: () => composing.current,
      /** Whether this keydown belongs to a composition. The one keydown right after compositionend counts once. */
      isComposing(event: KeyboardEvent): boolean {
        if (event.nativeEvent.isComposing || event.keyCode === IME_KEY_CODE || composing.current) return true;
        if (!justEnded.current) return false;
        forgetEnd();
        return true;
      },
    };
  }, []);
}
