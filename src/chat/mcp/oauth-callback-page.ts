// The OAuth callback page's script (oauth-callback.html, built by build.mjs): the authorization
// server redirects the sign-in popup here; the answer goes back to the app over a BroadcastChannel
// (this origin's pages only; the popup has no opener), and the popup closes. A file of its own,
// since the page's CSP forbids inline script.
import { CALLBACK_CHANNEL, callbackMessageFrom } from './oauth-callback-message';

const query = new URLSearchParams(location.search);
// Opened by hand, with no sign-in's answer in its address, the page says nothing to anyone.
if (query.has('state')) {
  const channel = new BroadcastChannel(CALLBACK_CHANNEL);
  channel.postMessage(callbackMessageFrom(query));
  channel.close();
  window.close();
}
