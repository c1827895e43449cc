// The processor's URLs, derived from the route's endpoint and nothing else (a request never names
// one): `{endpoint}/v1/process` and `{endpoint}/v1/health`, keeping a base path
// (`https://h/forecast` gives `https://h/forecast/v1/process`).

export interface ProcessorUrls {
  process: string;
  health: string;
}

/** Throws for an endpoint the route checks would have refused: not http(s), credentials, query or fragment. */
export function processorUrls(endpoint: string): ProcessorUrls {
  const base = new URL(endpoint);
  if ((base.protocol !== "http:" && base.protocol !== "https:") || base.username !== "" || base.password !== "" || base.search !== "" || base.hash !== "") {
    throw new TypeError("a processor endpoint is an http or https base URL without credentials, query or fragment");
  }
  const path = base.pathname.replace(/\/+$/, "");
  const at = (route: string): string => new URL(`${path}${route}`, base.origin).href;
  return { process: at("/v1/process"), health: at("/v1/health") };
}
