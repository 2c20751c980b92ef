import { MCP_CORS_REQUIREMENTS, type McpFailureReason } from '../../../chat/mcp';
import { t } from '../shared/settings-text';

/** Reasons whose fix is on the MCP server: the headers it must send for a browser page. */
const NEEDS_CORS: ReadonlySet<McpFailureReason> = new Set(['cors', 'cors-or-down', 'session-id-hidden']);
/** Reasons the explanation cannot say more about than the error's own words. */
const SHOWS_DETAIL: ReadonlySet<McpFailureReason> = new Set(['server-error', 'unknown', 'not-mcp']);

/** The response headers an MCP server must send for this page (for `session-id-hidden`, only the missing one). */
export function mcpCorsLines(reason: McpFailureReason, origin: string): string {
  if (reason === 'session-id-hidden') return MCP_CORS_REQUIREMENTS.exposeHeaders;
  return [`${MCP_CORS_REQUIREMENTS.allowOrigin}: ${origin}`, MCP_CORS_REQUIREMENTS.exposeHeaders, MCP_CORS_REQUIREMENTS.allowHeaders].join('\n');
}

export interface ToolsFailureProps {
  reason: McpFailureReason;
  /** The error's own words (shown where the reason alone says too little). */
  detail?: string;
}

/** Why an MCP server could not be used, with the fix; for CORS, the exact headers the server must send. */
export function ToolsFailure({ reason, detail }: ToolsFailureProps) {
  return (
    <div className="settings-error tools-failure" data-reason={reason}>
      <p>{t(`tools.reason.${reason}`)}</p>
      {NEEDS_CORS.has(reason) && (
        <pre className="tools-failure__headers" tabIndex={0} aria-label={t(`tools.reason.${reason}`)}>
          <code>{mcpCorsLines(reason, location.origin)}</code>
        </pre>
      )}
      {detail && SHOWS_DETAIL.has(reason) && <p className="tools-failure__detail">{t('tools.reason.detail', { detail })}</p>}
    </div>
  );
}
