// Types of build-portal.mjs for the TypeScript tests.

export const STAMP_FILE: string;
export const PRECOMPRESSED_EXTENSIONS: Set<string>;
export function precompressDist(distDir: string, compression?: 'best' | 'fast'): { files: number; raw: number; br: number; gz: number };
export function buildPortal(options?: { names?: string[]; force?: boolean; env?: NodeJS.ProcessEnv; log?: (line: string) => void; compression?: 'best' | 'fast' }): Promise<unknown>;
export function stopBuilds(): void;
