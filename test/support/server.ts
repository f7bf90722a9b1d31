import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp, type AppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Db } from '../../server/db/database';
import { testDb } from './database';

/** A running app on a free port. */
export interface TestServer {
  baseUrl: string;
  port: number;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * The configuration tests run with; `env` adds or overrides variables. Every test posts and
 * signs in from 127.0.0.1 into one database, so the per-address limits are raised; the tests of
 * the limits themselves set their own.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-123',
    LOG_LEVEL: 'silent',
    FORM_POSTS_PER_WINDOW: '10000',
    LOOKUPS_PER_WINDOW: '100000',
    LOGIN_FAILURES_PER_IP: '100000',
    PASSWORD_RESETS_PER_IP: '100000',
    ...env,
  });
}

/**
 * Starts the real app on 127.0.0.1 and a free port against the run's database; `options` replace
 * parts of it (`clock` sets the time the server reads: see support/clock.ts).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Partial<Pick<AppOptions, 'captcha' | 'clock' | 'logger' | 'db' | 'pingDatabase' | 'databaseWatch' | 'publicPagesGeneration'>> = {},
): Promise<TestServer> {
  const config = testConfig(env);
  const db = options.db ?? (await testDb());
  const app = createApp({ config, db, logger: pino({ level: config.LOG_LEVEL }), ...options });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    db,
    config,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A response read whole. */
export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as sent, before any decoding (a gzip body stays compressed). */
  bytes: Buffer;
  json<T = unknown>(): T;
}

/** Options of one request; `host` sets the Host header, which fetch does not allow. */
export interface TestRequestOptions {
  method?: string;
  host?: string;
  /** The loopback address to connect from (127.x.y.z), for a peer address of the test's own. */
  localAddress?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one HTTP request to the test server without following redirects. */
export function request(server: Pick<TestServer, 'port'>, path: string, options: TestRequestOptions = {}): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress: options.localAddress,
        path,
        method: options.method ?? 'GET',
        // Node sends DELETE bodies without length or chunking unless told the length.
        headers: { ...(options.host ? { host: options.host } : {}), ...(options.body ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const body = bytes.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytes, json: <T>() => JSON.parse(body) as T });
        });
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}
