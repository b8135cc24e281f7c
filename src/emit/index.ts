/**
 * The emit stage's door: `emit` writes a site through a writer (quire dev's memory store, tests), `SiteOutput` is
 * a build's output from the folder check to the switch (build.ts), `bundleClient` makes the client bundle beside
 * loading; the writers, and the names a content image is published under (dev finds them in its store).
 */
export { emit, type EmitOptions, type EmitReport } from './emit.ts';
export { SiteOutput, type OutputParts, type OutputPlan, type SiteOutputOptions } from './output.ts';
export { bundleClient, siteClientParts, StylesheetError, type ClientBundle } from './client.ts';
export { MemoryWriter, type Writer } from './writer.ts';
export { sassStylesheets } from './sass.ts';
export { assetName, contentHash } from './hash.ts';
