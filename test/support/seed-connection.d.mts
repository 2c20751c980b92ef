export function seedConnection(options: { baseUrl: string; kind?: string; model?: string; name?: string }): Promise<void>;
