// Iconify JSON (https://iconify.design/docs/types/iconify-json.html), the format of both the
// bundled icons and the icon service's answers, and its resolution into ready-to-draw icons.

/** The view box and transformations an icon or alias may set. */
export interface IconProperties {
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  /** Quarter turns. */
  rotate?: number;
  hFlip?: boolean;
  vFlip?: boolean;
}

export interface IconData extends IconProperties {
  /** SVG markup without the `<svg>` element. */
  body: string;
}

export interface IconAlias extends IconProperties {
  /** The icon (or another alias) this one is a variant of. */
  parent: string;
}

/** An icon set in Iconify JSON; the set's view box values are the defaults of its icons. */
export interface IconSet {
  prefix: string;
  icons: Record<string, IconData>;
  aliases?: Record<string, IconAlias>;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  /** Names the icon service was asked for but does not have. */
  not_found?: string[];
}

/** An icon with every property filled in and its aliases' transformations applied. */
export interface ResolvedIcon {
  readonly body: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly rotate: number;
  readonly hFlip: boolean;
  readonly vFlip: boolean;
}

/** Iconify JSON's width and height when neither the icon nor its set gives one. */
export const DEFAULT_ICON_VIEW_SIZE = 16;
/** Alias chains longer than this are treated as broken (it also stops a cycle). */
export const MAX_ALIAS_DEPTH = 16;
/** A full turn in quarter turns. */
const TURN = 4;

/** Resolves one icon or alias of a set; undefined when the name (or an alias's parent) is absent. */
export function resolveIcon(set: IconSet, name: string, depth = 0): ResolvedIcon | undefined {
  const icon = Object.hasOwn(set.icons, name) ? set.icons[name] : undefined;
  if (icon) {
    return {
      body: icon.body,
      left: icon.left ?? set.left ?? 0,
      top: icon.top ?? set.top ?? 0,
      width: icon.width ?? set.width ?? DEFAULT_ICON_VIEW_SIZE,
      height: icon.height ?? set.height ?? DEFAULT_ICON_VIEW_SIZE,
      rotate: (icon.rotate ?? 0) % TURN,
      hFlip: icon.hFlip ?? false,
      vFlip: icon.vFlip ?? false,
    };
  }
  const alias = set.aliases && Object.hasOwn(set.aliases, name) ? set.aliases[name] : undefined;
  if (!alias || depth >= MAX_ALIAS_DEPTH) return undefined;
  const parent = resolveIcon(set, alias.parent, depth + 1);
  if (!parent) return undefined;
  // An alias's view box replaces its parent's; its transformations add to the parent's.
  return {
    body: parent.body,
    left: alias.left ?? parent.left,
    top: alias.top ?? parent.top,
    width: alias.width ?? parent.width,
    height: alias.height ?? parent.height,
    rotate: (parent.rotate + (alias.rotate ?? 0)) % TURN,
    hFlip: parent.hFlip !== (alias.hFlip ?? false),
    vFlip: parent.vFlip !== (alias.vFlip ?? false),
  };
}

/** Every icon and alias of a set that resolves, by name. */
export function resolveIconSet(set: IconSet): Map<string, ResolvedIcon> {
  const resolved = new Map<string, ResolvedIcon>();
  const names = [...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})];
  for (const name of names) {
    const icon = resolveIcon(set, name);
    if (icon) resolved.set(name, icon);
  }
  return resolved;
}

/** Whether a value looks like Iconify JSON for the given prefix (answers from the network are checked). */
export function isIconSet(value: unknown, prefix: string): value is IconSet {
  if (typeof value !== 'object' || value === null) return false;
  const set = value as Partial<IconSet>;
  return set.prefix === prefix && typeof set.icons === 'object' && set.icons !== null;
}
