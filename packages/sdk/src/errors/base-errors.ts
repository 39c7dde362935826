// The root of the error hierarchy, built as a file of its own (dist/base-errors.js) that the
// root entry and `@vitrine/sdk/lite` both import: one `VitrineError` class for an app that
// loads both, so `instanceof` holds across them.
export { VitrineError } from './vitrine-error.js';
export type { VitrineErrorInit } from './vitrine-error.js';
export { StoreArgumentError } from './argument-error.js';
export { isVitrineError } from './is-vitrine-error.js';
