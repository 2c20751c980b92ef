import {
  createContext,
  Suspense,
  useContext,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Delayed } from './delayed';
import { RouteErrorBoundary } from './error-boundary';
import { matchRoutes, type RouteParams } from './matcher';
import { useLocation, useRouter } from './router';
import { createScrollMemory } from './scroll-memory';

/** SPEC A1: a loading indicator only when a page takes longer than this to load. */
export const PAGE_LOADING_DELAY_MS = 200;

const ParamsContext = createContext<RouteParams>({});

/** Read but not seen: the route announcer's text is for screen readers only. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The decoded `:params` of the route being shown. */
export function useParams(): RouteParams {
  return useContext(ParamsContext);
}

export interface RouteViewProps {
  /** Wraps every route whose metadata does not say `layout: false`. */
  layout: ComponentType<{ children: ReactNode }>;
  /** Unknown paths and malformed percent-encodings. */
  notFound: ComponentType;
  notFoundTitle: string;
  /** Shown (after the delay) while a page's chunk loads. */
  loading: ReactNode;
  /** A crash or a chunk that failed to load, shown inside the layout. */
  error: (error: unknown) => ReactNode;
}

/**
 * Shows the current route's screen. Navigation renders through a deferred location, so
 * while a new page's chunk loads React keeps the previous screen on display.
 */
export function RouteView({ layout: Layout, notFound: NotFound, notFoundTitle, loading, error }: RouteViewProps) {
  const { routes, history } = useRouter();
  const location = useLocation();
  const shown = useDeferredValue(location);
  const pending = shown !== location;
  const match = useMemo(() => matchRoutes(routes, shown.path), [routes, shown.path]);
  const screenRef = useRef<HTMLDivElement>(null);
  const shownKey = useRef(shown.key);
  shownKey.current = shown.key;
  const [announcement, setAnnouncement] = useState('');

  const scroll = useMemo(
    () => (typeof window === 'undefined' ? null : createScrollMemory(window, () => shownKey.current)),
    [],
  );
  useEffect(() => () => scroll?.dispose(), [scroll]);
  // History listeners run when the address changes, before React renders the new screen.
  useEffect(() => (scroll ? history.subscribe(scroll.save) : undefined), [history, scroll]);

  // Runs once the new screen is committed (never while the old one is still shown).
  useLayoutEffect(() => {
    document.title = match ? (match.route.title?.(match.params) ?? document.title) : notFoundTitle;
    if (shown.action === 'initial') return;
    if (shown.action === 'pop') scroll?.restore(shown.key);
    else window.scrollTo(0, 0);
    // Keyboard users start at the new screen's heading, unless the screen already put focus
    // somewhere on purpose; a screen with a composer then moves it there (useArrivalFocus).
    if (!screenRef.current?.contains(document.activeElement)) screenRef.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
    // Screen readers hear where they arrived whatever took focus. Read in a later task: a
    // screen names itself (a chat's title) in its own effects, after this one.
    const timer = setTimeout(() => setAnnouncement(document.title), 0);
    return () => clearTimeout(timer);
  }, [shown.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per navigation

  // The page itself if loaded by now (it does not suspend, so no reveal delay), else its lazy
  // wrapper: chosen once per screen, since switching component types would remount the page.
  const route = match?.route;
  const Page = useMemo(() => (route ? (route.page.loaded() ?? route.page.visit(shown.key)) : undefined), [route, shown.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per screen
  const content = (
    <div ref={screenRef} className="route-screen" data-route={match?.route.pattern ?? 'not-found'}>
      <RouteErrorBoundary resetKey={shown.key} fallback={error}>
        <Suspense fallback={<Delayed delay={PAGE_LOADING_DELAY_MS}>{loading}</Delayed>}>
          <ParamsContext.Provider value={match?.params ?? {}}>
            {Page && match ? <Page key={shown.path} params={match.params} /> : <NotFound />}
          </ParamsContext.Provider>
        </Suspense>
      </RouteErrorBoundary>
    </div>
  );
  return (
    <>
      <Delayed active={pending} delay={PAGE_LOADING_DELAY_MS}>
        {loading}
      </Delayed>
      <p style={VISUALLY_HIDDEN} role="status" aria-live="polite" aria-atomic="true" data-route-announcer="">
        {announcement}
      </p>
      {match?.route.layout === false ? content : <Layout>{content}</Layout>}
    </>
  );
}
