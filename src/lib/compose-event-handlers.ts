/**
 * Runs the caller's handler first; the component's own handler runs only if the caller
 * didn't call `preventDefault()`, so callers can opt out of the built-in behaviour.
 */
export function composeEventHandlers<E extends { defaultPrevented: boolean }>(
  callerHandler: ((event: E) => void) | undefined,
  ownHandler: (event: E) => void,
) {
  return (event: E) => {
    callerHandler?.(event);
    if (!event.defaultPrevented) ownHandler(event);
  };
}
