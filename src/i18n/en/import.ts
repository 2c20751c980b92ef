/**
 * Import from other chat apps (src/chat/import/): the errors an ImportError's code and params
 * name, the problem inside one entry, the formats and the reasons nodes were skipped. The
 * import's screen (a later step) registers this area with its chunk.
 */
export const importMessages = {
  'import.format.chatgpt': 'ChatGPT',
  'import.format.claude': 'Claude',
  'import.format.openwebui': 'Open WebUI',
  'import.format.parley-backup': 'Parley backup',

  'import.error.empty-file': '{file} is empty (0 bytes). Download the export again.',
  'import.error.truncated-json': '{file} stops before its end: the download was probably cut off. Download the export again.',
  'import.error.invalid-json': '{file} is not valid JSON. Choose the file as the app exported it, unchanged.',
  'import.error.wrong-shape': '{file} is not a {expected} export: its contents do not have the shape of one.',
  'import.error.invalid-entry': '{file}, conversation {index} (“{title}”): {problem}. Nothing was imported from this file.',
  'import.error.zip-without-conversations': '{file} holds no conversations.json (nor conversations-000.json…). Choose the zip ChatGPT emailed you, as downloaded.',
  'import.error.corrupt-zip': '{file} is not a readable zip: it may be incomplete. Download it again.',
  'import.error.unknown-format': 'Parley does not recognise {file}. It imports ChatGPT exports (zip or conversations.json), Claude’s conversations.json, Open WebUI chat exports and Parley backups.',
  'import.error.no-files': 'Choose a file to import.',

  'import.problem.chat-field': 'its “{field}” is missing or not a {expected}',
  'import.problem.message-field': 'message {message} has no valid “{field}” ({expected} expected)',
  'import.problem.missing-parent': 'message {message} answers message {parent}, which is not in the conversation',
  'import.problem.parent-cycle': 'the replies loop back on themselves at message {message}',

  'import.skipped.hidden': 'hidden by the app',
  'import.skipped.system': 'empty system messages',
  'import.skipped.tool': 'tool calls and their output',
  'import.skipped.empty': 'messages with no text',
} as const;
