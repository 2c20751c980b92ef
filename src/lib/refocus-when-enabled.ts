/** Gives focus back to a control an async action disabled meanwhile (issue 33). */

/**
 * A disabled control loses focus and the browser puts it on <body>, where the next Tab starts
 * from the top of the page: once `element` is enabled again, it takes focus back, unless the
 * person has put focus somewhere else meanwhile (then that stays). Call it when the action ends.
 */
export function refocusWhenEnabled(element: HTMLElement | null): void {
  if (!element) return;
  const give = () => {
    const active = element.ownerDocument.activeElement;
    if (element.isConnected && (active === null || active === element.ownerDocument.body)) element.focus();
  };
  if (!element.matches(':disabled')) return give();
  const observer = new MutationObserver(() => {
    if (element.matches(':disabled')) return;
    observer.disconnect();
    give();
  });
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
}
