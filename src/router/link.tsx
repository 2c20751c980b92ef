import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { withBase } from './base-path';
import { useLocation, useRouter } from './router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An app path (`/chat/1`), a hash (`#part`) or an absolute URL (left to the browser). */
  to: string;
  replace?: boolean;
}

const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** Clicks the browser should handle itself: new tab/window, download, other frame. */
function isBrowserClick(event: MouseEvent<HTMLAnchorElement>, target?: string, download?: unknown) {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== undefined && target !== '' && target !== '_self') ||
    download !== undefined
  );
}

/**
 * An anchor that navigates client-side on plain left clicks. It never fetches its page ahead of
 * the visit (no prefetch on hover or focus): SPEC A1 fetches a page's code on its first visit.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, target, download, ...rest },
  ref,
) {
  const router = useRouter();
  const location = useLocation();
  const isHash = to.startsWith('#');
  const isApp = !isHash && !ABSOLUTE_URL.test(to);
  // With a <base> element a bare "#x" would resolve against the base, not this page.
  const href = isHash ? withBase(location.path, router.base) + location.search + to : isApp ? withBase(to, router.base) : to;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isApp || isBrowserClick(event, target, download)) return;
    event.preventDefault();
    router.navigate(to, { replace });
  };

  return (
    <a
      ref={ref}
      href={href}
      target={target}
      download={download}
      onClick={handleClick}
      {...rest}
    />
  );
});
