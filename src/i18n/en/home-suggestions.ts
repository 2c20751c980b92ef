/** The home page's suggestion chips: registered by their lazily loaded chunk, not the first screen. */
export const homeSuggestions = {
  'home.suggestions': 'Suggestions',
  'home.suggestion.explain': 'Explain a concept',
  'home.suggestion.explainPrompt': 'Explain how public-key cryptography works, with an everyday analogy.',
  'home.suggestion.code': 'Write code',
  'home.suggestion.codePrompt': 'Write a TypeScript function that debounces another function, with tests.',
  'home.suggestion.summarise': 'Summarise text',
  'home.suggestion.summarisePrompt': 'Summarise the following text in five bullet points:\n\n',
  'home.suggestion.brainstorm': 'Brainstorm ideas',
  'home.suggestion.brainstormPrompt': 'Brainstorm ten names for a local-first note-taking app.',
} as const;
