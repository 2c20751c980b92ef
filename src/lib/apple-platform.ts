// Which modifier a shortcut takes: the app's layout keys and the chat page's keys both ask here.

const applePlatform = (nav: Navigator | undefined): boolean => {
  const platform = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(platform);
};

/** This browser's answer, kept: every keydown asks (reading userAgentData costs more than the rest of the check). */
let own: boolean | undefined;

/** Apple keyboards use ⌘ where others use Ctrl (Ctrl+K is "kill line" in macOS text fields). */
export function isApplePlatform(nav?: Navigator): boolean {
  if (nav !== undefined) return applePlatform(nav);
  if (typeof navigator === 'undefined') return false;
  return (own ??= applePlatform(navigator));
}
