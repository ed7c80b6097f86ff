export function contentSecurityPolicy(env?: Record<string, string | undefined>): string;
export const securityHeaders: { key: string; value: string }[];
