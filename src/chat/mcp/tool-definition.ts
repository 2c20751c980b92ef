import type { McpTool, ToolInputSchema } from './tool-types';

/**
 * What a user approves when a tool may run unasked (issue 20): its description and input schema,
 * compared in a canonical form, so a server that redefines a tool under the same name is asked
 * about again, and the user is told what changed.
 */

/** The part of a tool an approval covers (its name is the policy's key). */
export interface ToolDefinition {
  description?: string;
  inputSchema: ToolInputSchema;
}

/** What changed between the approved definition and the server's current one; `before`/`after` are shortened. */
export interface DefinitionChange {
  description?: { before: string; after: string };
  inputSchema?: { before: string; after: string };
}

/** Old and new text are shown side by side in a card: longer ones are cut, the change is still clear. */
export const CHANGE_SHOWN_MAX = 160;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with every object's keys sorted, so the same definition always reads the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function definitionOf(tool: Pick<McpTool, 'description' | 'inputSchema'>): ToolDefinition {
  return { ...(tool.description !== undefined && { description: tool.description }), inputSchema: tool.inputSchema };
}

/** A stored definition (possibly hand-edited), or undefined when it is not one. */
export function readDefinition(value: unknown): ToolDefinition | undefined {
  if (!isRecord(value) || !isRecord(value.inputSchema)) return undefined;
  return { ...(typeof value.description === 'string' && { description: value.description }), inputSchema: value.inputSchema };
}

const shorten = (text: string) => (text.length > CHANGE_SHOWN_MAX ? `${text.slice(0, CHANGE_SHOWN_MAX - 1)}…` : text);

/** Undefined when `current` is the approved definition; otherwise what differs. */
export function definitionChange(approved: ToolDefinition, current: ToolDefinition): DefinitionChange | undefined {
  const change: DefinitionChange = {};
  if ((approved.description ?? '') !== (current.description ?? '')) {
    change.description = { before: shorten(approved.description ?? ''), after: shorten(current.description ?? '') };
  }
  const [before, after] = [canonicalJson(approved.inputSchema), canonicalJson(current.inputSchema)];
  if (before !== after) change.inputSchema = { before: shorten(before), after: shorten(after) };
  return change.description || change.inputSchema ? change : undefined;
}
