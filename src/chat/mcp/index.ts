// MCP servers (issue 16): connecting (the SDK is reached only through connectMcpServer's lazy
// import), OAuth sign-in, the tools settings and each tool's policy; what Settings uses. The
// connections a reply holds open (tool-connections.ts) are entered by their own file, by the
// tool runner (chat/tools), which is what a reply does with the tools.
export { connectMcpServer, McpSignInError, needsSignIn, signInMcpServer, type ConnectOptions, type SignInFailureReason } from './connect';
export { openSignInPopup } from './oauth-callback-message';
export type { McpConnection, McpServerAddress, McpTool, ToolResult, ToolResultPart, ToolTarget } from './tool-types';
export { McpFailure, MCP_CORS_REQUIREMENTS, type McpFailureReason } from './mcp-failure';
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
