import type { ToolTarget } from './tool-names';

/**
 * Whether a tool may run: each tool is on, off or "ask every time" (the default, issue 16). Pure
 * data keyed by server and tool, so settings can store it as it is.
 */

export type ToolPolicy = 'on' | 'off' | 'ask';
export type ToolDecision = 'approve' | 'deny' | 'always';

/** `serverId` → tool name → policy; a tool not listed asks. */
export type ToolPolicies = Readonly<Record<string, Readonly<Record<string, ToolPolicy>>>>;

export const DEFAULT_TOOL_POLICY: ToolPolicy = 'ask';

export function policyFor(policies: ToolPolicies, target: ToolTarget): ToolPolicy {
  return policies[target.serverId]?.[target.tool] ?? DEFAULT_TOOL_POLICY;
}

/** The policies with one tool set (a new object; the others untouched). */
export function withPolicy(policies: ToolPolicies, target: ToolTarget, policy: ToolPolicy): ToolPolicies {
  return { ...policies, [target.serverId]: { ...policies[target.serverId], [target.tool]: policy } };
}
