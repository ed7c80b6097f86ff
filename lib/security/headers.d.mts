export function contentSecurityPolicy(
  env?: Record<string, string | undefined>,
  options?: { nonce?: string; hashes?: string[] },
): string;
export function isBackOfficePage(pathname: string): boolean;
export const headersButPolicy: { key: string; value: string }[];
export const securityHeaders: { key: string; value: string }[];
export function needsNoncePolicy(pathname: string): boolean;
export const STATIC_POLICY_SOURCE: string;
