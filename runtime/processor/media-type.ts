// The processor's one request media type, `application/vnd.svc.data-processing+json;version=1`
// (spec: Processor-facing routes). Type and parameter names are case-insensitive (RFC 9110), the
// version may be quoted, `charset=utf-8` is tolerated. Anything else is not this media type
// (415), except another `version`: the right type in a contract major version this processor
// does not speak (400 SCHEMA_UNSUPPORTED).
import { ProcessorError } from "./processor-error.js";

const TYPE = "application/vnd.svc.data-processing+json";
const EXPECTED = `${TYPE};version=1`;

export function checkMediaType(header: string | undefined): void {
  const [type = "", ...parameters] = (header ?? "").split(";");
  if (type.trim().toLowerCase() !== TYPE) {
    const sent = type.trim() === "" ? "no Content-Type" : `Content-Type ${type.trim().slice(0, 100)}`;
    throw new ProcessorError("MEDIA_TYPE_UNSUPPORTED", `the request has ${sent}; send ${EXPECTED}`, { rule: "media-type" });
  }
  let version: string | undefined;
  for (const parameter of parameters) {
    const [name, value] = splitParameter(parameter);
    if (name === "version" && version === undefined) version = value;
    else if (name === "charset" && value.toLowerCase() === "utf-8") continue;
    else throw new ProcessorError("MEDIA_TYPE_UNSUPPORTED", `the media type parameter '${parameter.trim().slice(0, 100)}' is not accepted; send ${EXPECTED}`, { rule: "media-type" });
  }
  if (version === undefined) throw new ProcessorError("MEDIA_TYPE_UNSUPPORTED", `the media type has no version parameter; send ${EXPECTED}`, { rule: "media-type" });
  if (version !== "1") {
    throw new ProcessorError("SCHEMA_UNSUPPORTED", `contract version ${version.slice(0, 20)} is not supported; this processor speaks version 1 (${EXPECTED})`, { rule: "media-type-version" });
  }
}

/** `name=value` with the name lower-cased and a quoted value unquoted; a malformed one has name "". */
function splitParameter(parameter: string): [string, string] {
  const at = parameter.indexOf("=");
  if (at < 0) return ["", ""];
  const name = parameter.slice(0, at).trim().toLowerCase();
  let value = parameter.slice(at + 1).trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  return [name, value];
}
