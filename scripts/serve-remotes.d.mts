// Types of serve-remotes.mjs for the TypeScript tests.
import type { FastifyInstance } from 'fastify';

export function createRemoteServer(options: { distDir: string; allowedOrigins: string[]; sourceMaps?: boolean; logger?: unknown }): Promise<FastifyInstance>;
