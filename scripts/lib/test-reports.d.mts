export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** One line per failed test: where it is, its name, and the first line of its failure. */
  failedTests: string[];
}
export function firstLine(message: unknown, width?: number): string;
export function readJestReport(report: unknown, root?: string, options?: { without?: string[] }): TestCounts;
export function suitesWhoseProcessDied(report: unknown): { file: string; signal: string }[];
export function readPlaywrightReport(report: unknown, root?: string): TestCounts;
