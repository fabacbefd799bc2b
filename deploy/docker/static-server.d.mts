// Types of static-server.mjs for the TypeScript tests.
import type { FastifyInstance } from 'fastify';

export function healthPath(app: string): string;
export function createStaticServer(env?: Record<string, string | undefined>, options?: { distDir?: string }): Promise<FastifyInstance>;
