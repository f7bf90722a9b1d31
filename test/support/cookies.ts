import type { IncomingHttpHeaders } from 'node:http';

/** A minimal cookie jar for tests that act as one visitor across requests. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Keeps the cookies a response sets. */
  store(headers: IncomingHttpHeaders): void {
    for (const header of headers['set-cookie'] ?? []) {
      const [pair] = header.split(';');
      const separator = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, separator), pair!.slice(separator + 1));
    }
  }

  /** The value of one cookie. */
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
