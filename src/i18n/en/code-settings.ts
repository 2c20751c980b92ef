/** Settings → Code (issue 36): the code runs' time limit and the Python packages' address. Loaded with that section's chunk. */
export const codeSettings = {
  'codeSettings.title': 'Code',
  'codeSettings.intro': 'Code in replies and the model’s code tools run in Parley’s sandbox: offline, from Parley’s own files, without access to your chats or keys.',
  'codeSettings.timeLimit.label': 'Time limit (seconds)',
  'codeSettings.timeLimit.hint': 'A run that takes longer is stopped.',
  'codeSettings.timeLimit.invalid': 'Type a whole number of seconds from {min} to {max}. The limit stays at {seconds} s.',
  'codeSettings.packages.label': 'Python packages address',
  'codeSettings.packages.hint': 'Pyodide’s core (Python and its standard library) is built in. Packages such as numpy, pandas or matplotlib are fetched from this address only, by Parley (never by the sandbox), checked against that address’s pyodide-lock.json and kept for offline use. Saving fetches nothing.',
  'codeSettings.packages.save': 'Save',
  'codeSettings.packages.remove': 'Remove',
  'codeSettings.packages.notUrl': 'This is not a web address Parley can use. Type the whole address, like {example}, without a user name or password. The saved address stays.',
  'codeSettings.packages.notHttp': 'The address must start with http:// or https://. The saved address stays.',
  'codeSettings.packages.current': 'Packages are fetched from {address}',
  'codeSettings.packages.none': 'No address saved: Python runs with Pyodide’s core only.',
} as const;
