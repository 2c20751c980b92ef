// The OAuth callback page's script (oauth-callback.html, built by build.mjs): the authorization
// server redirects the sign-in popup here; the code goes back to the window that opened it, on
// this origin only, and the popup closes. A file of its own, since the page's CSP forbids inline script.
import { callbackMessageFrom } from './oauth-callback-message';

const opener = window.opener as Window | null;
if (opener) {
  opener.postMessage(callbackMessageFrom(new URLSearchParams(location.search)), location.origin);
  window.close();
}
