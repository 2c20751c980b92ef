/**
 * Knowing when a server turned a request down because it offered tools, so the reply can say
 * "this model cannot use tools" and offer to send it without them. Servers say so in words:
 * - Ollama: 400 "registry.ollama.ai/library/gemma:2b does not support tools"
 * - llama.cpp started without a tool-aware template: 500 "tools param requires --jinja flag"
 * - vLLM without a parser: 400 "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set"
 * - OpenRouter: 404 "No endpoints found that support tool use"
 * - OpenAI-compatible proxies: "Unrecognized request argument supplied: tools", "tools is not supported"
 */

const REFUSALS: readonly RegExp[] = [
  /does not support tools/i,
  /tools? param(eter)? requires/i,
  /tool[_ ]choice requires/i,
  /enable-auto-tool-choice/i,
  /support tool use/i,
  /request argument supplied: tools/i,
  /tools (is|are) not supported/i,
  /function calling is not (supported|enabled)/i,
];

/** The lowest HTTP status of a refusal (a stream's in-band error has no status: undefined). */
const FIRST_ERROR_STATUS = 400;

/** Whether a failed request that offered tools failed because of them (call it only for such a request). */
export function refusesTools(status: number | undefined, message: string | undefined): boolean {
  if (status !== undefined && status < FIRST_ERROR_STATUS) return false;
  return message !== undefined && REFUSALS.some((pattern) => pattern.test(message));
}
