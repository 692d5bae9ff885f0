import type { BuildOptions } from 'esbuild';

/** Packages bundled into dist/; they are devDependencies of the package for that reason. */
export declare const BUNDLED_PACKAGES: readonly string[];
/** The esbuild options of the server's bundle, written into `outdir`. */
export declare function serverBuildOptions(outdir: string): Promise<BuildOptions>;
/** Writes `THIRD_PARTY_LICENSES.md` (the bundled packages' licenses) into `outdir`. */
export declare function writeThirdPartyLicenses(outdir: string): Promise<void>;
