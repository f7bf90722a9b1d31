/** A Host header value split into its parts. */
export interface RequestHost {
  hostname: string;
  port: number | undefined;
}

// Django's host_validation_re: a DNS name or a bracketed IPv6 address, then an optional port.
const HOST_PATTERN = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::(\d{1,5}))?$/i;
const MAX_PORT = 65535;

/** How many Host values parseHost remembers: a site answers to a handful, a client may send any. */
const PARSED_HOSTS_MAX = 256;
const parsedHosts = new Map<string, Readonly<RequestHost> | undefined>();

/**
 * The hostname (lowercase) and port of a Host header value; undefined when it is not a valid
 * `host[:port]`. Each request asks several times (site, port, cache key): a value seen lately is
 * answered from memory, as the same object.
 */
export function parseHost(value: string | undefined): Readonly<RequestHost> | undefined {
  if (value === undefined) return undefined;
  if (parsedHosts.has(value)) return parsedHosts.get(value);
  const parsed = parseHostValue(value);
  if (parsedHosts.size >= PARSED_HOSTS_MAX) parsedHosts.clear();
  parsedHosts.set(value, parsed);
  return parsed;
}

function parseHostValue(value: string): RequestHost | undefined {
  const match = HOST_PATTERN.exec(value);
  // The pattern lets through what the URL parser refuses (999.999.999.999, bad punycode); pages build URLs from it.
  if (!match || !URL.canParse(`http://${value}/`)) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > MAX_PORT)) return undefined;
  return { hostname: match[1]!.toLowerCase().replace(/\.$/, ''), port };
}

/**
 * Whether a hostname is allowed by patterns in Django's ALLOWED_HOSTS syntax: '*' allows any,
 * '.example.com' allows example.com and its subdomains, anything else must match exactly.
 */
export function isHostAllowed(hostname: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => pattern === '*' || pattern === hostname || (pattern.startsWith('.') && (hostname.endsWith(pattern) || hostname === pattern.slice(1))));
}
