export function frontEndIsStale(): boolean;
export function buildFrontEndIfStale(options?: { quiet?: boolean }): void;
