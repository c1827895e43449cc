// The descriptor in a processor's health answer (`descriptor`, a svc.data-processing.forecast.v1
// document, as the reference processor sends it), used only when it is valid and describes the
// processor the route names: the same id, version and contract. Anything else is no descriptor,
// never an error: the health status does not depend on it. Pure.
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import type { ForecastProcessorContract, ProcessorRoute } from "../../../generated/types.js";
import type { ProcessorHealthCall } from "../client/index.js";

export function descriptorOf(call: ProcessorHealthCall, route: ProcessorRoute): ForecastProcessorContract | undefined {
  if (call.kind !== "health") return undefined;
  const body = call.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const candidate = (body as Record<string, unknown>).descriptor;
  if (candidate === undefined || validateContract(candidate, { contract: "forecast-contract" }).diagnostics.some((d) => d.severity === "error")) return undefined;
  const descriptor = candidate as ForecastProcessorContract;
  const { processor } = route;
  const same = descriptor.processor.id === processor.id && descriptor.processor.version === processor.version && descriptor.schema === processor.contract;
  return same ? descriptor : undefined;
}
