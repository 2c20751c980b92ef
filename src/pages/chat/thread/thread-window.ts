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
let learnt = false;

/** Learns from a rendered group: its height over its weight. */
export function learnGroupHeight(height: number, weight: number): void {
  if (height > 0 && weight > 0) {
    pixelsPerWeight = height / weight;
    learnt = true;
  }
}

/**
 * Heights of groups by chat and group key: as last rendered (so a chat reopened keeps its scroll
 * length), or as first estimated once the rate was learnt (a stand-in's height then changes only
 * when its group is rendered and measured: if every stand-in followed each new measurement, 400
 * of them would be restyled and laid out every frame of a scroll). The oldest are forgotten first.
 */
const heights = new Map<string, number>();
/** Enough for several long chats, measured and estimated. */
const HEIGHTS_MAX = 4_000;

function keep(key: string, height: number): void {
  heights.delete(key);
  heights.set(key, height);
  if (heights.size > HEIGHTS_MAX) heights.delete(heights.keys().next().value!);
}

/** A rendered group's height, kept for when it stands in. */
export function rememberGroupHeight(key: string, height: number): void {
  keep(key, height);
}

/** The height a group stands in with: as rendered, else an estimate from its weight (kept once the rate is learnt). */
export function groupHeight(key: string, weight: number): number {
  const kept = heights.get(key);
  if (kept !== undefined) return kept;
  const estimate = Math.round(weight * pixelsPerWeight);
  if (learnt) keep(key, estimate);
  return estimate;
}

/** Where a group is on screen now. */
export interface GroupBox {
  top: number;
  bottom: number;
}

/**
 * The groups within `margin` pixels of the screen (0…viewport), as a range [from, to), found by a
 * binary search over the groups' boxes (in order, top to bottom): a 2,000-message chat's scroll
 * reads a dozen boxes, not 400. `boxOf` reads one group's box.
 */
export function groupsInReach(count: number, boxOf: (group: number) => GroupBox, viewport: number, margin: number): { from: number; to: number } {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (boxOf(mid).bottom < -margin) low = mid + 1;
    else high = mid;
  }
  let to = low;
  while (to < count && boxOf(to).top <= viewport + margin) to += 1;
  return { from: low, to };
}

/**
 * The window to render next: of the groups wanted, those already rendered, and one more (the one
 * nearest the middle of the screen) if any is missing, so no task renders more than one group
 * (a fast flick on a slow phone); `more` says whether others still wait for the next frame.
 */
export function nextWindow(wanted: readonly number[], rendered: ReadonlySet<number>, middleOf: (group: number) => number, viewport: number): { groups: number[]; more: boolean } {
  const missing = wanted.filter((group) => !rendered.has(group));
  const groups = wanted.filter((group) => rendered.has(group));
  if (missing.length === 0) return { groups, more: false };
  const distance = (group: number) => Math.abs(middleOf(group) - viewport / 2);
  const nearest = missing.reduce((best, group) => (distance(group) < distance(best) ? group : best));
  groups.push(nearest);
  groups.sort((a, b) => a - b);
  return { groups, more: missing.length > 1 };
}

export function sameGroups(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((group, index) => group === b[index]);
}
