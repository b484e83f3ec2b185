export const SERVER_BUILD_INPUTS: readonly string[];
export const SERVER_BUILD_STAMP: string;
export function serverBuildInputsHash(root: string): string;
export function serverBuildIsCurrent(root: string, inputsHash?: string): boolean;
export function buildServerIfChanged(
  root: string,
  options?: import('node:child_process').SpawnSyncOptions,
): import('node:child_process').SpawnSyncReturns<string | Buffer>;
