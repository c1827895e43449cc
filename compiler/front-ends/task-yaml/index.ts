// The front end of a pack's data-processing files (tasks/, bindings/, routes/): YAML text in,
// the checked declaration and diagnostics in file coordinates out. Reuses the YAML rule front
// end's reader and spans; may import generated/ and compiler/; pure.
export { compileDataProcessingYaml, documentOf, type DataProcessingYamlResult } from "./compile-data-processing-yaml.js";
export { DATA_PROCESSING_KINDS, isDataProcessingKind, type DataProcessingKind } from "./kinds.js";
export { createFileLocator, type FileLocator } from "./file-locator.js";
