// Loaded first by mcp-client.ts, before the MCP SDK: its schema library (zod) must not try `new Function`.
import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it finds eval allowed, and finds out by
 * trying once; Parley's CSP (no 'unsafe-eval') blocks the try, which still files a CSP violation
 * report each time (issue 20). Jitless, zod never tries: it parses with its interpreter instead.
 */
config({ jitless: true });
