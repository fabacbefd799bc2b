// Types of render.mjs for the TypeScript tests.
export type Values = Record<string, any>;
export type Manifest = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; [key: string]: any };

export const DEFAULT_VALUES_FILE: string;
export const SERVER_PORT: number;
export const STATIC_PORT: number;
export const RUN_AS: number;
export const SECRET_ENV: string[];
export function isSecretEnv(key: string): boolean;
export function mergeValues(base: Values, override: Values): Values;
export function loadValues(files?: string[], options?: { defaults?: string }): Values;
export function renderManifests(values: Values): Manifest[];
export function toYaml(documents: Manifest[]): string;
