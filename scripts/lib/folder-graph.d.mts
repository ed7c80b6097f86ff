export interface FolderImport {
  from: string;
  to: string;
}
export const ALLOWED_UPWARD_IMPORTS: (FolderImport & { until: string })[];
export function folderOf(file: string): string | null;
export function folderEdges(
  modules: { source: string; dependencies: { resolved: string }[] }[],
): Map<string, string[]>;
export function folderCycles(
  edges: Map<string, string[]>,
  allowed?: FolderImport[],
): { folders: string[]; cycles: string[][] }[];
export function staleAllowances(
  edges: Map<string, string[]>,
  allowed?: FolderImport[],
): (FolderImport & { why: string })[];
export function describeCycle(cycle: string[], edges: Map<string, string[]>): string;
