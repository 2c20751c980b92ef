/**
 * Import from other chat apps (src/chat/import/): the errors an ImportError's code and params
 * name, the problem inside one entry, the formats and the reasons nodes were skipped, and the
 * import's screen (src/app/import/), which registers this area with its chunk.
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

  'import.skipped.hidden.other': '{count} hidden by the app',
  'import.skipped.system.one': '{count} empty system message',
  'import.skipped.system.other': '{count} empty system messages',
  'import.skipped.tool.one': '{count} tool call and its output',
  'import.skipped.tool.other': '{count} tool calls and their output',
  'import.skipped.empty.one': '{count} message with no text',
  'import.skipped.empty.other': '{count} messages with no text',

  // The import's screen: Settings → Data, and the dialog a dropped export opens.
  'import.ui.label': 'Import from another app',
  'import.ui.hint': 'ChatGPT (the zip as downloaded, or its conversations.json), Claude (conversations.json) and Open WebUI (chat export). You see what is in it before anything is imported; chats imported before are left out.',
  'import.ui.choose': 'Choose a file to import',
  'import.ui.dialogTitle': 'Import chats',
  'import.ui.dialogDescription': 'Chats from another app, added to the ones here.',
  'import.ui.close': 'Close',
  'import.ui.reading': 'Reading the export',
  'import.ui.readingFile': 'Reading {file}…',
  'import.ui.importing': 'Importing',
  'import.ui.preparing.one': 'Preparing {done} of {count} chat…',
  'import.ui.preparing.other': 'Preparing {done} of {count} chats…',
  'import.ui.writing': 'Saving {done} of {total}…',
  'import.ui.cancel': 'Cancel',
  'import.ui.previewTitle': 'Found in the {format} export',
  'import.ui.found': '{chats} with {messages}',
  'import.ui.dates': 'From {from} to {to}',
  'import.ui.existing.one': '{count} chat is already here and will be left out',
  'import.ui.existing.other': '{count} chats are already here and will be left out',
  'import.ui.new': 'To import: {chats}, {messages}, {files}',
  'import.ui.skipped.one': '{count} part left out because it shows nothing: {why}',
  'import.ui.skipped.other': '{count} parts left out because they show nothing: {why}',
  'import.ui.nothingNew': 'Every chat in it is already here: there is nothing to import.',
  'import.ui.action': 'Import',
  'import.ui.done': 'Imported {chats}, {messages}.',
  'import.ui.doneExisting': 'Imported {chats}, {messages}; {existing} already here.',
  'import.ui.cancelled': 'Import cancelled. Nothing was imported.',
  'import.ui.failed': 'Nothing was imported. {reason}',
  'import.ui.storage': 'The browser refused to store the chats ({reason}).',
} as const;
