/** Compare (issue 38) on the chat page: the picker's and the header's entry, the message box's note, Regenerate's item. The dialog's and the answers' own are compare-view.ts. */
export const compare = {
  'compare.open': 'Compare models…',
  'compare.note.named': 'Comparing: {models}',
  'compare.note.blind.one': 'Comparing {count} model, blind',
  'compare.note.blind.other': 'Comparing {count} models, blind',
  'compare.note.change': 'Change',
  'compare.note.clear': 'Stop comparing',
  'compare.picker.blind': 'Blind comparison',
  'compare.regenerate': 'Compare with other models…',
} as const;
