export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}
export function normalizeBasePath(value: string | undefined): string;
export function resolveRequestPath(rawPath: string): { segments?: string[]; malformed?: true; forbidden?: true };
export function startServer(options: { dir: string; port?: number; host?: string; basePath?: string }): Promise<RunningServer>;
