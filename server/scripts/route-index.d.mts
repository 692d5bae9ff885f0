/** The source of server/src/features/route-index.ts for the files under `features`. */
export function routeIndexSource(features?: string): string;
