// The processor client: calls a processor's /v1/process and /v1/health over HTTP, bounded in
// time and size, and turns every answer or failure into data (a body to validate, or a typed
// error). May import compiler/contracts, compiler/diagnostics and generated/; uses the fetch it
// is given, by default one on node:http/node:https that bounds the connection by
// connect_timeout_ms (http-fetch.ts), and no other I/O: no environment, clock or logging of its
// own.
export { createProcessorClient } from "./create-processor-client.js";
export { PROCESSOR_MEDIA_TYPE } from "./media-type.js";
export type {
  ErrorCategory,
  ExceededLimit,
  ProcessorCall,
  ProcessorCallError,
  ProcessorClient,
  ProcessorClientDeps,
  ProcessorHealthCall,
} from "./types.js";
