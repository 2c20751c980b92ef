// Which modifier a shortcut takes: the app's layout keys and the chat page's keys both ask here.

/** Apple keyboards use ⌘ where others use Ctrl (Ctrl+K is "kill line" in macOS text fields). */
export function isApplePlatform(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const platform = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}
