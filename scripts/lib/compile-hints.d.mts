export const COMPILE_HINT: string;
export function chunksRunOnLoad(html: string): string[];
export function addCompileHints(nextDir: string): string[];
