// Whether a URL host is the local machine: localhost, 127.0.0.0/8 or ::1 (also as an
// IPv4-mapped address). WHATWG URL parsing already normalises shorthand IPv4 (`127.1`) and
// brackets IPv6 hosts; a name that merely resolves to loopback is not trusted here.
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (host === "localhost" || host === "::1") return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  // ::ffff:127.x.y.z, which URL prints as ::ffff:7fxx:yyzz.
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}
