/**
 * Actions a page lists at the end of its model picker (issue 38: the chat page's "Compare
 * models…"), as options of their own, reached with the arrow keys like a model. Set by the page
 * while it is shown; read by the picker's list only, which loads when first opened, so the first
 * screen carries none of this.
 */
export interface PickerAction {
  id: string;
  label: string;
  run(): void;
}

/** The ref an action's option picks, which no model reference is (no connection id starts with this). */
export const ACTION_REF_PREFIX = 'action:';

let actions: readonly PickerAction[] = [];

/** Lists `next` in the picker until the returned function is called (the page left). */
export function setPickerActions(next: readonly PickerAction[]): () => void {
  actions = next;
  return () => {
    if (actions === next) actions = [];
  };
}

export const pickerActions = (): readonly PickerAction[] => actions;
