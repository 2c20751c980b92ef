export const PAGE_POLICY_DIRECTIVES: readonly string[];
export const PAGE_POLICY: string;
export const HEADER_POLICY: string;
export const PERMISSIONS_POLICY: string;
export const SECURITY_HEADERS: Readonly<Record<string, string>>;
