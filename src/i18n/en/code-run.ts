/** Running a JavaScript block of a reply (issue 36 slice C): the output under the block. Loaded with the run's chunk. */
export const codeRun = {
  'run.region': 'Output of the {language} block',
  'run.frameTitle': 'Sandbox running the {language} block',
  'run.running': 'Running…',
  'run.stderr': 'stderr',
  'run.result': 'Result',
  'run.cut': 'Output cut at 1 MB: the rest was not kept.',
  'run.done': 'Finished in {seconds} s',
  'run.error': 'Failed after {seconds} s',
  'run.errorMessage': 'Error: {message}',
  'run.errorAtLine': 'Error at line {line}: {message}',
  'run.stopped': 'Stopped',
  'run.timeout': 'Stopped after {seconds} s: the time limit',
  'run.failed': 'The run could not start: the sandbox did not answer as it should. Reload the page; if it goes on, see “Serving Parley yourself” in the README.',
  'run.empty': 'No output.',
} as const;
