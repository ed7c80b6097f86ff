export const FAILING_SEVERITIES: string[];
export function auditVerdict(output: string): { outcome: 'pass' | 'fail' | 'skip'; message: string };
