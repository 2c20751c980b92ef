/** One chat as a file (Markdown or JSON), from a chat's menus: registered by src/pages/shared/chat-export.ts. */
export const chatExport = {
  'chatExport.markdown': 'Export as Markdown',
  'chatExport.json': 'Export as JSON',
  'chatExport.done': 'Chat exported',
  'chatExport.failed': 'The chat could not be exported',
  'chatExport.gone': 'The chat is no longer in this browser’s storage.',
  'chatExport.you': 'You',
  'chatExport.assistant': 'Assistant',
  'chatExport.system': 'System prompt',
  'chatExport.reasoning': 'Reasoning',
  'chatExport.files': 'Files:',
  'chatExport.otherBranches': 'This chat has other versions (edits, regenerations); they are in its JSON export.',
  'chatExport.stopped': 'Stopped before the end',
  'chatExport.error': 'Failed',
  'chatExport.turn': '{role} · {time}',
  'chatExport.turnWithModel': '{role} · {time} · {model}',
  'chatExport.file': '{name} ({kind}, {size})',
} as const;
