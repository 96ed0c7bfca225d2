import type { Linter } from 'eslint';

/** The bands of src/server, lowest first (eslint.server-layers.js). */
export const SERVER_BANDS: ReadonlyArray<{ name: string; holds: string }>;
/** The index in SERVER_BANDS of a file by its path inside src/server. */
export function serverBandOf(rel: string): number;
export const serverLayers: Linter.Config[];
