import session, { Store, type Session, type SessionData } from 'express-session';
import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { deleteSession, liveSessionData, purgeExpiredSessions, saveSession, setSessionExpiry } from './models/sessions';

/** What this site keeps in a visitor's or editor's session. */
declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** Ids of password view restrictions this visitor has passed. */
    passedViewRestrictions?: number[];
    /** Ids of password collection restrictions (documents) this visitor has passed. */
    passedCollectionViewRestrictions?: number[];
  }
}

/** The session cookie's name, as Django calls it. */
export const SESSION_COOKIE_NAME = 'sessionid';
const SESSION_MAX_AGE_MS = 14 * 24 * 3600 * 1000;
/** Whether a Cookie header names a session. */
export const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE_NAME}=`);

const storedSessionSchema = z
  .object({
    cookie: z.record(z.string(), z.unknown()),
    userId: z.number().int().optional(),
    passedViewRestrictions: z.array(z.number().int()).optional(),
    passedCollectionViewRestrictions: z.array(z.number().int()).optional(),
  })
  .passthrough();

/**
 * express-session store on the sessions table, so any process behind the load balancer sees
 * the same sessions (ARCHITECTURE: no state only in a process). Works on both dialects.
 */
export class DatabaseSessionStore extends Store {
  constructor(private readonly db: Db) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    liveSessionData(this.db, sid, new Date()).then((data) => {
      const parsed = data === undefined ? undefined : storedSessionSchema.safeParse(data);
      callback(null, parsed?.success ? (parsed.data as unknown as SessionData) : null);
    }, callback);
  }

  override set(sid: string, data: SessionData, callback?: (error?: unknown) => void): void {
    settle(saveSession(this.db, sid, JSON.stringify(data), expiryOf(data)), callback);
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    settle(deleteSession(this.db, sid), callback);
  }

  override touch(sid: string, data: SessionData, callback?: (error?: unknown) => void): void {
    settle(setSessionExpiry(this.db, sid, expiryOf(data)), callback);
  }

  /** Deletes expired sessions; returns how many. */
  async purgeExpired(now: Date): Promise<number> {
    return purgeExpiredSessions(this.db, now);
  }
}

// express-session's callbacks take the error, or nothing once the store has done its part.
function settle(done: Promise<void>, callback: ((error?: unknown) => void) | undefined): void {
  done.then(
    () => callback?.(),
    (error: unknown) => callback?.(error),
  );
}

function expiryOf(data: SessionData): Date {
  const expires = data.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + SESSION_MAX_AGE_MS);
}

/**
 * The session of a GET or HEAD, or of an API call, that brings no session cookie, outside the
 * admin: empty, since no session is named, and frozen, since reading a page or calling an API
 * stores nothing (signing in, passing a password and every other change of a session is a form's
 * POST); a handler that tried would fail loudly rather than lose what it stored.
 */
const NO_SESSION: Session & Partial<SessionData> = Object.freeze(Object.create(null) as Session & Partial<SessionData>);

/** The back office, in any case as Express routes match: it keeps messages in sessions even on GET. */
const ADMIN_PATH = /^\/wagtail(?:\/|$)/i;
/** The JSON APIs: they answer from their request alone and store nothing in a session, whatever the method. */
const API_PATH = /^\/api(?:-nc)?\//i;

/** Whether a request goes without a session: it brings no session cookie and makes none. */
function needsNoSession(req: Request): boolean {
  if (SESSION_COOKIE.test(req.headers.cookie ?? '') || ADMIN_PATH.test(req.path)) return false;
  return req.method === 'GET' || req.method === 'HEAD' || API_PATH.test(req.path);
}

/**
 * Session middleware: a session row and cookie exist only once something is stored in it;
 * the cookie is HttpOnly, SameSite=Lax, and Secure whenever the request came over HTTPS.
 * Redirects wait until the session is stored (see storeSessionBeforeRedirect). A visitor reading
 * pages or calling the APIs without a session cookie gets none made for the request
 * (`NO_SESSION`): no session id drawn, no cookie or end-of-request hooks.
 */
export function sessionMiddleware(config: Config, db: Db): RequestHandler[] {
  const sessions = session({
    name: SESSION_COOKIE_NAME,
    secret: config.SECRET_KEY,
    store: new DatabaseSessionStore(db),
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS, path: '/' },
  });
  return [
    function sessionWhenNamed(req, res, next) {
      if (!needsNoSession(req)) return sessions(req, res, next);
      req.session = NO_SESSION;
      next();
    },
    storeSessionBeforeRedirect,
  ];
}

/** Whether a session holds anything besides its cookie: only such a session is stored. */
export function sessionHoldsData(session: object | undefined): boolean {
  return session !== undefined && Object.keys(session).some((key) => key !== 'cookie');
}

/**
 * express-session stores a changed session while the response ends, after the headers have gone
 * out: a browser following a 303 can ask for the next page before the sign-in or the flash
 * message it carries is stored, and finds neither. So a redirect is sent only once a session
 * holding anything is saved (sessions holding nothing stay unsaved, as saveUninitialized says).
 */
export const storeSessionBeforeRedirect: RequestHandler = function storeSessionBeforeRedirect(req, res, next) {
  const redirect = res.redirect;
  res.redirect = function redirectOnceStored(this: typeof res, ...args: unknown[]) {
    const send = () => (redirect as (...redirectArgs: unknown[]) => void).apply(this, args);
    const stored = req.session;
    if (!sessionHoldsData(stored)) return send();
    stored.save((error: unknown) => (error ? next(error) : send()));
  };
  next();
};
