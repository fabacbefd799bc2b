export interface FloorBuild {
  /** The output folder (main.js, index.html) when built with `keep`, for the caller to serve and remove. */
  dir: string | undefined;
  files: Array<{ file: string; raw: number; gzip: number }>;
  raw: number;
  gzip: number;
}

export function buildFloor(options?: { keep?: boolean }): Promise<FloorBuild>;
