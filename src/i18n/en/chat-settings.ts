/** A chat's own settings: system prompt, temperature, maximum tokens. */
export const chatSettings = {
  'chatSettings.open': 'Chat settings',
  'chatSettings.title': 'Chat settings',
  'chatSettings.description': 'These apply to the next replies in this chat.',
  'chatSettings.systemPrompt.label': 'System prompt',
  'chatSettings.systemPrompt.placeholder': 'You are a helpful assistant.',
  'chatSettings.systemPrompt.hint': 'Instructions sent before the conversation with every request.',
  'chatSettings.temperature.label': 'Temperature',
  'chatSettings.temperature.hint': 'From {min} to {max}: lower is more focused, higher more varied. Empty: the server decides.',
  'chatSettings.temperature.error': 'Enter a number from {min} to {max}, or leave it empty.',
  'chatSettings.maxTokens.label': 'Maximum tokens',
  'chatSettings.maxTokens.hint': 'The longest reply, in tokens. Empty: the server decides.',
  'chatSettings.maxTokens.error': 'Enter a whole number of {min} or more, or leave it empty.',
  'chatSettings.serverDefault': 'Server default',
  'chatSettings.cancel': 'Cancel',
  'chatSettings.save': 'Save',
} as const;
