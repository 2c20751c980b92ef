import { StrictMode, type ReactNode } from 'react';
import { Router, RouteView, type HistorySource } from '../router';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { RouteErrorPage } from '../pages/route-error/route-error-page';
import { ButtonLinkProvider } from '../ui/button';
// The context alone: the dialog index would make the first screen fetch the dialogs' shared chunk.
import { DialogFocusFallback } from '../ui/dialog/return-focus';
// The area alone: the toasts' renderer loads with the first toast or right after the first paint.
import { ToastArea } from '../ui/toast/toast-area';
import { TooltipProvider } from '../ui/tooltip';
// The guard alone: the attachments kit's index would register all its strings on the first screen.
import { useNoNavigateOnDrop } from '../ui/attachments/use-no-navigate-on-drop';
import { AppLink } from './app-link';
import { composerFocusFallback } from './dialog-focus-fallback';
import { DeferredChatErrorToasts } from './deferred-chat-errors';
import { Layout } from './layout';
import { PageLoading } from './page-loading';
import { notFoundTitle, routes } from './routes';
import { LazySettingsDialog } from './lazy-dialogs';
import { useSettingsDialog } from './settings/use-settings-dialog';

export interface AppProps {
  /** Tests pass a memory history; the browser's is the default. */
  history?: HistorySource;
  base?: string;
}


/** SPEC A1: the application's toast area sits top-right (the component's default is bottom-right). */
const TOASTER_POSITION = 'top-right';

/** The layout with Settings wired in (RouteView takes a layout component, not its props). */
function AppLayout({ children }: { children: ReactNode }) {
  const settings = useSettingsDialog();
  return (
    <>
      <Layout onOpenSettings={() => settings.show()}>{children}</Layout>
      <LazySettingsDialog open={settings.open} onOpenChange={settings.setOpen} section={settings.section} onSectionChange={settings.setSection} />
    </>
  );
}

/** A file dropped where no page takes it would make the browser open it in place of the app. */
function DropGuard() {
  useNoNavigateOnDrop();
  return null;
}

export function App({ history, base }: AppProps) {
  return (
    <StrictMode>
      <Router routes={routes} history={history} base={base}>
        <TooltipProvider>
          <ButtonLinkProvider value={AppLink}>
            <DialogFocusFallback value={composerFocusFallback}>
              <RouteView
                layout={AppLayout}
                notFound={NotFoundPage}
                notFoundTitle={notFoundTitle()}
                loading={<PageLoading />}
                error={(error) => <RouteErrorPage error={error} />}
              />
            </DialogFocusFallback>
          </ButtonLinkProvider>
          {/* Top-right (SPEC A1). A page with a bar at the top says how tall it is (the chat page's
              header, use-toast-lift.ts), and toasts sit under it: they covered its buttons for 5 s (issue 33). */}
          <ToastArea position={TOASTER_POSITION} />
          <DeferredChatErrorToasts />
          <DropGuard />
        </TooltipProvider>
      </Router>
    </StrictMode>
  );
}
