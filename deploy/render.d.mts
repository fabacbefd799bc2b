// Types of render.mjs for the TypeScript tests.
// Values and manifests are free-form JSON documents; the test walks them by known paths.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form JSON
export type Values = Record<string, any>;
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- spec, data, stringData: free-form JSON
  [key: string]: any;
};

export const DEFAULT_VALUES_FILE: string;
export const REMOTE_NAMES: string[];
export const SERVER_PORT: number;
export const STATIC_PORT: number;
export const RUN_AS: number;
export const SECRET_ENV: string[];
export function isSecretEnv(key: string): boolean;
export function mergeValues(base: Values, override: Values): Values;
export function loadValues(files?: string[], options?: { defaults?: string }): Values;
export function renderManifests(values: Values): Manifest[];
export function toYaml(documents: Manifest[]): string;
