// Media types of processor answers. The processor speaks
// `application/vnd.svc.data-processing+json;version=1`; plain `application/json` is read too (the
// body's `schema` member names the contract version, which validation checks). The vendor type in
// another version, or any other type (a proxy's HTML page), is not read as a result.

export const PROCESSOR_MEDIA_TYPE = "application/vnd.svc.data-processing+json;version=1";

const VENDOR = "application/vnd.svc.data-processing+json";

export type MediaTypeVerdict = "json" | "other-version" | "not-json";

export function judgeMediaType(contentType: string | null): MediaTypeVerdict {
  if (contentType === null) return "not-json";
  const [essence = "", ...parameters] = contentType.split(";").map((p) => p.trim());
  const type = essence.toLowerCase();
  const params = new Map(
    parameters.map((p) => {
      const eq = p.indexOf("=");
      return [p.slice(0, eq < 0 ? p.length : eq).trim().toLowerCase(), eq < 0 ? "" : p.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1")] as const;
    }),
  );
  const charset = params.get("charset");
  if (charset !== undefined && charset.toLowerCase() !== "utf-8") return "not-json";
  if (type === "application/json") return "json";
  if (type !== VENDOR) return "not-json";
  return params.get("version") === "1" ? "json" : "other-version";
}

/** A short, safe description of a Content-Type for a message: the essence only, when it looks like one. */
export function describeMediaType(contentType: string | null): string {
  if (contentType === null) return "no Content-Type";
  const essence = contentType.split(";")[0]!.trim();
  return /^[\w.+-]{1,40}\/[\w.+-]{1,80}$/.test(essence) ? `Content-Type ${essence.toLowerCase()}` : "an unreadable Content-Type";
}
