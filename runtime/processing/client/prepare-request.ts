// The request body, serialised once, and the route's size limits checked on it before anything
// is sent: the frame's cells (timestamps x features over all segments, plus one per static
// feature) against max_frame_cells, then the exact bytes that will be sent against
// max_request_bytes.
import { frameCells } from "../../../compiler/contracts/checks/request/descriptor.js";
import type { ProcessorRequest, ProcessorRouteConfig } from "../../../generated/types.js";
import { requestTooLarge } from "./client-errors.js";
import type { ProcessorCallError } from "./types.js";

export type PreparedRequest = { ok: true; body: Uint8Array } | { ok: false; error: ProcessorCallError };

const encoder = new TextEncoder();

export function prepareRequest(request: ProcessorRequest, route: ProcessorRouteConfig): PreparedRequest {
  const cells = frameCells(request);
  if (cells > route.max_frame_cells) return { ok: false, error: requestTooLarge({ name: "max_frame_cells", max: route.max_frame_cells, actual: cells }) };
  const body = encoder.encode(JSON.stringify(request));
  if (body.byteLength > route.max_request_bytes) {
    return { ok: false, error: requestTooLarge({ name: "max_request_bytes", max: route.max_request_bytes, actual: body.byteLength }) };
  }
  return { ok: true, body };
}
