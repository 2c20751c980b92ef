// A reply's Regenerate (issue 33): a menu to ask the same model again, or another model of the
// model list for this version only (the chat keeps its own model for what follows).
import { useRef, useState } from 'react';
import { getConnectionsStore, modelIdOf, modelOptionGroups } from '../../../chat/connections';
import { t } from '../chat-text';
import { Menu, type MenuItem } from '../../../ui/menu';
import { COMPARE_ICON } from '../compare/compare-note';

export const REGENERATE_ICON = 'lucide:refresh-cw';
/** Other models listed at most: a menu, not a search (the header's model picker has that). */
export const REGENERATE_MODELS_SHOWN = 12;

export interface RegenerateMenuProps {
  /** The model that wrote the reply (a model reference), if known. */
  model?: string;
  onRegenerate(model?: string): void;
  /** "Compare with other models…" (issue 38): opens the Compare dialog; `trigger` is the menu's button. */
  onCompare?(trigger: HTMLElement | null): void;
}

/** The other models, read when the menu opens: a thread of replies subscribes to no model list. */
export function otherModels(model: string | undefined): { ref: string; label: string }[] {
  const groups = modelOptionGroups(getConnectionsStore().getSnapshot());
  const named = groups.length > 1;
  return groups
    .flatMap(({ connection, options }) =>
      options.map((option) => ({ ref: option.ref, label: named ? `${option.modelId} · ${connection.name}` : option.modelId })),
    )
    .filter((option) => option.ref !== model)
    .slice(0, REGENERATE_MODELS_SHOWN);
}

export function RegenerateMenu({ model, onRegenerate, onCompare }: RegenerateMenuProps) {
  const [others, setOthers] = useState<{ ref: string; label: string }[]>([]);
  const trigger = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const items: MenuItem[] = [
    {
      id: 'same',
      label: model ? t('chat.regenerate.same', { model: modelIdOf(model) }) : t('chat.regenerate.again'),
      icon: REGENERATE_ICON,
      onSelect: () => onRegenerate(),
    },
    ...others.map((other) => ({ id: other.ref, label: t('chat.regenerate.with', { model: other.label }), onSelect: () => onRegenerate(other.ref) })),
    ...(onCompare && others.length > 0 ? [{ id: 'compare', label: t('compare.regenerate'), icon: COMPARE_ICON, onSelect: () => onCompare(trigger.current) }] : []),
  ];
  return (
    <Menu
      ref={trigger}
      size="sm"
      variant="ghost"
      color="neutral"
      icon={REGENERATE_ICON}
      label={t('chat.message.regenerate')}
      items={items}
      onOpenChange={(open) => open && setOthers(otherModels(model))}
    />
  );
}
