import { definitionChange, definitionOf, readDefinition, type DefinitionChange, type ToolDefinition } from './tool-definition';
import type { McpTool, ToolTarget } from './tool-types';

/**
 * Whether a tool may run: each tool is on, off or "ask every time" (the default, issue 16). "On" is
 * kept with the definition the user allowed (issue 20): when the server's current description or
 * input schema differs, the tool asks again. Pure data keyed by server and tool, so settings can
 * store it as it is.
 */

export type ToolPolicy = 'on' | 'off' | 'ask';
export type ToolDecision = 'approve' | 'deny' | 'always';

/** "On" for the definition the user saw when allowing it. */
export interface ToolApproval {
  policy: 'on';
  approved: ToolDefinition;
}

/**
 * A tool's stored policy. A bare `'on'` is one stored before approvals kept the definition
 * (or set before the tool was ever listed): it asks once more, and "Always allow" then keeps one.
 */
export type StoredPolicy = ToolPolicy | ToolApproval;

/** `serverId` → tool name → policy; a tool not listed asks. */
export type ToolPolicies = Readonly<Record<string, Readonly<Record<string, StoredPolicy>>>>;

export const DEFAULT_TOOL_POLICY: ToolPolicy = 'ask';

/**
 * Model requests that may end in tool calls before the turn stops (a setting; issue 16's default):
 * how far a model goes before the user is asked again. Here, not with the turn, so the settings
 * read it without the runner.
 */
export const DEFAULT_STEP_LIMIT = 10;

/** Why an "on" tool asks: allowed before definitions were kept, or changed since it was allowed. */
export type ApprovalLapse = { reason: 'unchecked' } | ({ reason: 'changed' } & DefinitionChange);

/** The tool's policy as it applies to `current`, its definition as the server gives it now. */
export function policyFor(policies: ToolPolicies, target: ToolTarget, current: McpTool | undefined): ToolPolicy {
  const stored = policies[target.serverId]?.[target.tool] ?? DEFAULT_TOOL_POLICY;
  if (typeof stored !== 'string') return current && !definitionChange(stored.approved, definitionOf(current)) ? 'on' : DEFAULT_TOOL_POLICY;
  return stored === 'on' ? DEFAULT_TOOL_POLICY : stored;
}

/** Why a tool the user turned on asks anyway (undefined when it does not: not on, or unchanged). */
export function approvalLapse(policies: ToolPolicies, target: ToolTarget, current: McpTool | undefined): ApprovalLapse | undefined {
  const stored = policies[target.serverId]?.[target.tool];
  if (stored === 'on') return { reason: 'unchecked' };
  if (stored === undefined || typeof stored === 'string' || !current) return undefined;
  const change = definitionChange(stored.approved, definitionOf(current));
  return change && { reason: 'changed', ...change };
}

/** The policies with one tool set (a new object; the others untouched); "on" keeps `current`'s definition. */
export function withPolicy(policies: ToolPolicies, target: ToolTarget, policy: ToolPolicy, current: McpTool | undefined): ToolPolicies {
  const stored: StoredPolicy = policy === 'on' && current ? { policy, approved: definitionOf(current) } : policy;
  return { ...policies, [target.serverId]: { ...policies[target.serverId], [target.tool]: stored } };
}

/** A stored policy (possibly old or hand-edited), or undefined when it is not one. */
export function readStoredPolicy(value: unknown): StoredPolicy | undefined {
  if (value === 'on' || value === 'off' || value === 'ask') return value;
  if (typeof value !== 'object' || value === null || (value as { policy?: unknown }).policy !== 'on') return undefined;
  const approved = readDefinition((value as { approved?: unknown }).approved);
  return approved && { policy: 'on', approved };
}
