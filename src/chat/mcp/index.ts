// MCP servers (issue 16): connecting (the SDK is reached only through connectMcpServer's lazy
// import), OAuth sign-in, the connections a reply holds open, the tools settings and each tool's
// policy. What a reply does with the tools is the runner's (chat/tools).
export { connectMcpServer, McpSignInError, needsSignIn, signInMcpServer, type ConnectOptions, type SignInFailureReason } from './connect';
export { openSignInPopup } from './oauth-callback-message';
export type { McpConnection, McpServerAddress, McpTool, ToolResult, ToolResultPart, ToolTarget } from './tool-types';
export { McpFailure, MCP_CORS_REQUIREMENTS, type McpFailureReason } from './mcp-failure';
export { closeToolConnections, forgetToolConnection, toolConnection } from './tool-connections';
export { resultText } from './tool-result';
export {
  approvalLapse,
  DEFAULT_STEP_LIMIT,
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
