/** Projects an import brings (issue 23): Claude's projects.json, ChatGPT's project conversations. Loaded with the import's chunk. */
export const importProjects = {
  'importProjects.preview.names': 'Projects to add: {names}.',
  'importProjects.preview.existing.one': '{count} project was imported before and is left out; its new chats go into it.',
  'importProjects.preview.existing.other': '{count} projects were imported before and are left out; their new chats go into them.',
  'importProjects.done.one': 'Added {count} project.',
  'importProjects.done.other': 'Added {count} projects.',
  'importProjects.refused': '“{name}” could not be made a project ({reason}); its chats were imported outside any project.',
  'import.error.invalid-project': '{file}, project {index} (“{title}”): {problem}. Nothing was imported from this file.',
  'import.problem.doc-field': 'document {doc} has no valid “{field}” ({expected} expected)',
} as const;
