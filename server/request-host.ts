/** A Host header value split into its parts. */
export interface RequestHost {
  hostname: string;
  port: number | undefined;
}

// Django's host_validation_re: a DNS name or a bracketed IPv6 address, then an optional port.
const HOST_PATTERN = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::(\d{1,5}))?$/i;
const MAX_PORT = 65535;

/** The hostname (lowercase) and port of a Host header value; undefined when it is not a valid `host[:port]`. */
export function parseHost(value: string | undefined): RequestHost | undefined {
  const match = HOST_PATTERN.exec(value ?? '');
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
