// The tool runner (issue 16): a reply's tool calls as a turn (approval, steps, the step limit), the
// names the model calls tools by, and the replies that carry the results. The servers, their
// connections and the settings are chat/mcp's.
export { toolCatalogue, serverSlug, type OpenAiTool, type ServerTools, type ToolCatalogue, type ToolTarget } from './tool-names';
export {
  createToolTurn,
  DENIED_MESSAGE,
  type CallState,
  type ToolMessage,
  type ToolTurn,
  type TurnCall,
  type TurnSnapshot,
  type TurnState,
} from './tool-turn';
export { refusesTools } from './tool-refusal';
export { TOOL_STEP_LIMIT_FINISH } from './tool-steps';
export type { RequestOffer } from './tool-reply-actions';
