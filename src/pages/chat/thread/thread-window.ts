// Which groups of a long thread are rendered: the ones near the screen, and the heights the others
// stand in with (issue 34: a chat costs what the screen shows, not what it holds).

/** How far beyond the screen, in screen heights, groups stay rendered (scrolling finds them ready). */
export const WINDOW_MARGIN_SCREENS = 1;

/** A message's weight for estimating the height of a group never rendered: one line, plus its text. */
export function messageWeight(content: string): number {
  return 1 + content.length / 100;
}

/**
 * Pixels per unit of weight, learnt from the groups rendered so far on this page (the thread's
 * width and font decide it); a guess before any. Shared by every chat: they share the layout.
 */
let pixelsPerWeight = 48;

/** Learns from a rendered group: its height over its weight. */
export function learnGroupHeight(height: number, weight: number): void {
  if (height > 0 && weight > 0) pixelsPerWeight = height / weight;
}

export function estimatedGroupHeight(weight: number): number {
  return Math.round(weight * pixelsPerWeight);
}

/** Heights of groups as last rendered, by chat and group key, so a chat reopened keeps its scroll length. */
const rememberedHeights = new Map<string, number>();
/** Enough for several long chats; the oldest are forgotten first. */
const REMEMBERED_MAX = 2_000;

export function rememberGroupHeight(key: string, height: number): void {
  rememberedHeights.delete(key);
  rememberedHeights.set(key, height);
  if (rememberedHeights.size > REMEMBERED_MAX) rememberedHeights.delete(rememberedHeights.keys().next().value!);
}

export function rememberedGroupHeight(key: string): number | undefined {
  return rememberedHeights.get(key);
}

/** What of a group the window needs to know: where it is on screen now, and whether focus is in it. */
export interface GroupBox {
  top: number;
  bottom: number;
  hasFocus: boolean;
}

/**
 * The groups to render: those within `margin` pixels of the screen (0…viewport), and any holding
 * focus (unmounting it would drop the reader's place). Sorted, without repeats.
 */
export function groupsInWindow(boxes: readonly GroupBox[], viewport: number, margin: number): number[] {
  const shown: number[] = [];
  boxes.forEach((box, index) => {
    if (box.hasFocus || (box.bottom >= -margin && box.top <= viewport + margin)) shown.push(index);
  });
  return shown;
}

export function sameGroups(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((group, index) => group === b[index]);
}
