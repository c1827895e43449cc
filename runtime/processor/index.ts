// The reference forecast processor (spec: Processor-facing routes): its own small Koa app that
// answers POST /v1/process with a seasonal-naive forecast (model/, pure) or a labelled fallback,
// and GET /v1/health with its descriptor. May import compiler/ and generated/; never the
// service's stores, routes or auth: it sees only what a request carries.
export { createReferenceProcessor, type ProcessorHealth, type ReferenceProcessorOptions } from "./create-reference-processor.js";
export { DEFAULT_LIMITS, MODEL_ARTIFACT, PROCESSOR_CONTRACT, PROCESSOR_MEDIA_TYPE, processorDescriptor, type ProcessorLimits } from "./descriptor.js";
export { REFERENCE_TASKS, findKnownTask, knownTaskOf, type KnownTask } from "./known-tasks.js";
export { startReferenceProcessor, type RunningProcessor, type StartProcessorOptions } from "./start-processor.js";
