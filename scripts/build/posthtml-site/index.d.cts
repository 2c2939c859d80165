/** Types for index.cjs, which Parcel loads as a PostHTML plugin and the unit tests' fixtures use. */
import type { Plugin } from 'posthtml';

declare function posthtmlSite(): Plugin<unknown>;
export = posthtmlSite;
