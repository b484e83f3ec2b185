export const SERVER_BUILD_INPUTS: readonly string[];
export const SERVER_BUILD_STAMP: string;
export function serverBuildInputsHash(root: string): string;
export function serverBuildIsCurrent(root: string): boolean;
