// Types of build-server.mjs for the TypeScript tests and benchmarks.

export const SERVER_DIR: string;
export const SERVER_DIST: string;
export const SERVER_ENTRY: string;
export function buildServer(options?: { force?: boolean; log?: (line: string) => void }): Promise<{ built: boolean }>;
