// Types of shell-size.mjs for the TypeScript tests.

export const SHELL_INITIAL_JS_CEILING: number;
export function shellInitialJs(distDir?: string): { files: { file: string; raw: number; gzip: number }[]; gzip: number; raw: number };
export function checkShellSize(distDir?: string): { name: string; ok: boolean; message: string };
