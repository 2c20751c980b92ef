// Why a Python run's packages cannot be had, in words for the model (a tool's result); the page says
// the same to the user in their language (pages/chat/artifact/code-run.tsx).
import type { PackageProblem } from './python-packages';

export function packageProblemMessage(problem: PackageProblem): string {
  switch (problem.reason) {
    case 'no-address':
      return `it needs ${problem.names.join(', ')}, which is not part of Python’s standard library here, and the user has set no packages address (Settings → Code). Use only the standard library, or ask the user to set one.`;
    case 'unreachable':
      return `the packages address ${problem.address} could not be read (${problem.detail}).`;
    case 'other-version':
      return `the packages address ${problem.address} serves packages built for Pyodide ABI ${problem.version}, not the one Parley runs.`;
    case 'mismatch':
      return `${problem.names.join(', ')} from the packages address does not match its lock file.`;
    default:
      return `${problem.names.join(', ')} could not be downloaded from the packages address (${problem.detail}).`;
  }
}
