export function buildInputsHash(root: string, inputs: readonly string[], salt?: string): string;
