// The code tools Parley offers the model itself (issue 36): run_python and run_javascript, a built-in
// "server" (mcp/built-in-servers.ts) that goes through the same offer, approval, Stop and cards as an
// MCP server's tools. Only the definitions live here; a call loads the runner (code-tool-run.ts).
import { BUILT_IN_PREFIX, type BuiltInServer } from '../mcp/built-in-servers';

export const CODE_TOOLS_ID = `${BUILT_IN_PREFIX}code`;

const CODE_ARGUMENT = {
  type: 'object',
  properties: { code: { type: 'string', description: 'The whole program to run.' } },
  required: ['code'],
  additionalProperties: false,
};

export const codeTools: BuiltInServer = {
  id: CODE_TOOLS_ID,
  label: 'Code',
  tools: [
    {
      name: 'run_python',
      description:
        'Runs Python 3 (Pyodide) in a sandbox in the user’s browser, with no network. Files attached to the chat are readable at /mnt/data ' +
        '(read-only); files written to /mnt/data/out come back. Returns standard output and errors, the value of the last expression, ' +
        'matplotlib figures as PNG pictures, and the written files. The standard library is always there; numpy, pandas, matplotlib and ' +
        'other packages only when the user has set a packages address (the result says so when not). The run has a time limit.',
      inputSchema: CODE_ARGUMENT,
    },
    {
      name: 'run_javascript',
      description:
        'Runs JavaScript in a worker in a sandbox in the user’s browser: no DOM, no network, no storage. Top-level await works. Returns ' +
        'console output and the value of the last line. The run has a time limit.',
      inputSchema: CODE_ARGUMENT,
    },
  ],
  async callTool(name, args, signal, context) {
    const { runCodeTool } = await import('./code-tool-run');
    return runCodeTool(name, args, signal, context);
  },
};
