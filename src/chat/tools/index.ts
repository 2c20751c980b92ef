// Tools from MCP servers (issue 16). The SDK is reached only through connectMcpServer's lazy import.
export { connectMcpServer, McpSignInError, needsSignIn, signInMcpServer, type ConnectOptions, type SignInFailureReason } from './connect';
export { openSignInPopup } from './oauth-callback-message';
export type { McpConnection, McpServerAddress, McpTool, ToolResult, ToolResultPart } from './tool-types';
export { McpFailure, MCP_CORS_REQUIREMENTS, type McpFailureReason } from './mcp-failure';
export { toolCatalogue, serverSlug, type OpenAiTool, type ServerTools, type ToolCatalogue, type ToolTarget } from './tool-names';
export {
  approvalLapse,
  DEFAULT_TOOL_POLICY,
  policyFor,
  withPolicy,
  type ApprovalLapse,
  type StoredPolicy,
  type ToolDecision,
  type ToolPolicies,
  type ToolPolicy,
} from './approval-policy';
export {
  createToolTurn,
  DEFAULT_STEP_LIMIT,
  DENIED_MESSAGE,
  type CallState,
  type ToolMessage,
  type ToolTurn,
  type TurnCall,
  type TurnSnapshot,
  type TurnState,
} from './tool-turn';
export { resultText } from './tool-result';
export { refusesTools } from './tool-refusal';
export { TOOL_STEP_LIMIT_FINISH } from './tool-steps';
export {
  configureToolSettings,
  getToolSettingsStore,
  resetToolSettings,
  MAX_STEP_LIMIT,
  MIN_STEP_LIMIT,
  TOOLS_SETTING,
  type McpServerConfig,
  type ToolSettings,
  type ToolSettingsStore,
} from './tool-settings';
