import crypto from 'node:crypto';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { PARENT_COOKIE, STUDENT_COOKIE } from '@logbook/contracts/constants';
import { unauthorized } from './errors';
import { defineModel } from './model';

export const TOKEN_ISSUER = 'learner-logbook';
export const TOKEN_ALGORITHM = 'ES256';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A signed-in guardian. A family owns the data, not one login: ownership is checked against `familyId`, and
 * `guardianId` is the guardian's own account (their password, their sessions, who logged an entry). A family's id is
 * its first guardian's user id, so every record made before families existed is still the family's.
 */
export interface ParentIdentity {
  role: 'parent';
  guardianId: number;
  familyId: number;
  sessionId: string;
}
export interface StudentIdentity {
  role: 'student';
  studentId: number;
  /** The student's family. */
  userId: number;
  sessionId: string;
}

interface TokenClaims {
  sub: string;
  role: 'parent' | 'student';
  uid: number;
  /** The family a guardian's session acts for. */
  fid?: number;
  lv?: number;
  jti: string;
  /** Expiry, in seconds since 1970, as jsonwebtoken checks it. */
  exp?: number;
}

/**
 * Server-side sessions: a token is only good while its session exists, so logout and login removal really end it.
 * svc-auth owns the collection and alone writes it (issueSession, endSession, endStudentSessions are called there
 * only); every service's guard reads it by id, which is what makes a logout end the session everywhere at once.
 */
interface AuthSession {
  _id: string;
  role: 'parent' | 'student';
  subjectId: number;
  /** The guardian for a guardian's session, the family for a student's. */
  userId: number;
  /** The family a guardian's session acts for; sessions made before families existed have none (the user's own id). */
  familyId?: number;
  /** A student session's login version: changing or removing the login ends the sessions signed in before. */
  loginVersion?: number;
  expiresAt: Date;
  createdAt: Date;
}
export const AuthSessionModel = defineModel<AuthSession>('AuthSession', 'auth_sessions', {
  _id: String,
  role: { type: String, required: true },
  subjectId: { type: Number, required: true, index: true },
  userId: { type: Number, required: true, index: true },
  familyId: { type: Number, index: true },
  loginVersion: Number,
  expiresAt: { type: Date, required: true },
  createdAt: { type: Date, default: () => new Date() },
});

// Parsed once: handing jsonwebtoken the PEM text makes it parse the key again on every request.
let publicKey: crypto.KeyObject | undefined;
let privateKey: crypto.KeyObject | undefined;
let secureCookies = false;

/** Tokens whose signature has been checked, with their claims: a browser sends the same token on every call. */
const verifiedTokens = new Map<string, TokenClaims>();
const MAX_VERIFIED_TOKENS = 10_000;

export function configureAuth(opts: { publicKey: string; privateKey?: string; secureCookies?: boolean }) {
  publicKey = crypto.createPublicKey(opts.publicKey);
  privateKey = opts.privateKey ? crypto.createPrivateKey(opts.privateKey) : undefined;
  secureCookies = Boolean(opts.secureCookies);
  verifiedTokens.clear();
}

export function cookieOptions(req?: Request): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies || req?.secure === true,
    path: '/',
    maxAge: SESSION_TTL_SECONDS * 1000,
  };
}

/** Sign a token and record its session (svc-auth only: it alone holds the private key). */
export async function issueSession(
  identity:
    | { role: 'parent'; userId: number; familyId: number }
    | { role: 'student'; studentId: number; userId: number; loginVersion: number },
): Promise<string> {
  if (!privateKey) throw new Error('This service cannot sign tokens');
  const jti = crypto.randomUUID();
  const subjectId = identity.role === 'parent' ? identity.userId : identity.studentId;
  await AuthSessionModel.create({
    _id: jti,
    role: identity.role,
    subjectId,
    userId: identity.userId,
    familyId: identity.role === 'parent' ? identity.familyId : identity.userId,
    ...(identity.role === 'student' ? { loginVersion: identity.loginVersion } : {}),
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  const claims: Omit<TokenClaims, 'jti' | 'exp'> = {
    sub: String(subjectId),
    role: identity.role,
    uid: identity.userId,
    ...(identity.role === 'parent' ? { fid: identity.familyId } : { lv: identity.loginVersion }),
  };
  return jwt.sign(claims, privateKey, {
    algorithm: TOKEN_ALGORITHM,
    expiresIn: SESSION_TTL_SECONDS,
    issuer: TOKEN_ISSUER,
    jwtid: jti,
  });
}

/** The token's claims when its signature, issuer and expiry hold. Whether its session still exists is asked apart. */
function verify(token: unknown): TokenClaims | null {
  if (typeof token !== 'string' || token.length > 4096 || !publicKey) return null;
  const known = verifiedTokens.get(token);
  if (known) {
    if (typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
    verifiedTokens.delete(token);
  }
  try {
    const claims = jwt.verify(token, publicKey, { algorithms: [TOKEN_ALGORITHM], issuer: TOKEN_ISSUER }) as TokenClaims;
    if (!claims || typeof claims.jti !== 'string' || !/^\d+$/.test(String(claims.sub))) return null;
    if (typeof claims.exp === 'number') {
      if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.delete(verifiedTokens.keys().next().value!);
      verifiedTokens.set(token, claims);
    }
    return claims;
  } catch {
    return null;
  }
}

async function liveSession(claims: TokenClaims): Promise<AuthSession | null> {
  const session = await AuthSessionModel.findById(claims.jti).lean();
  const live = session && session.role === claims.role && session.expiresAt > new Date();
  return live && session.subjectId === Number(claims.sub) ? session : null;
}

export async function readParent(req: Request): Promise<ParentIdentity | null> {
  const claims = verify(req.cookies?.[PARENT_COOKIE]);
  if (!claims || claims.role !== 'parent') return null;
  const session = await liveSession(claims);
  if (!session) return null;
  // The session record is the truth: joining, leaving or being removed from a family ends the guardian's sessions.
  const familyId = session.familyId ?? session.userId;
  return { role: 'parent', guardianId: Number(claims.sub), familyId, sessionId: claims.jti };
}

export async function readStudent(req: Request): Promise<StudentIdentity | null> {
  const claims = verify(req.cookies?.[STUDENT_COOKIE]);
  if (!claims || claims.role !== 'student') return null;
  const studentId = Number(claims.sub);
  // A changed or removed login ends the student's sessions in svc-auth (svc-students tells it), so the session is
  // the whole answer: no other service's data is read here.
  const session = await liveSession(claims);
  if (!session) return null;
  return { role: 'student', studentId, userId: session.userId, sessionId: claims.jti };
}

export interface Callers {
  parent?: ParentIdentity;
  student?: StudentIdentity;
}

export const callers = (res: Response): Callers => (res.locals.callers as Callers) ?? {};
export const parentOf = (res: Response): ParentIdentity => callers(res).parent!;
export const studentOf = (res: Response): StudentIdentity => callers(res).student!;

/** A guard letting through the callers `read` finds (kept for `callers`), and no one else (401). */
const guard =
  (read: (req: Request) => Promise<Callers>): RequestHandler =>
  async (req, res, next) => {
    const found = await read(req);
    if (!found.parent && !found.student) throw unauthorized();
    res.locals.callers = found;
    next();
  };

export const requireParent = guard(async (req) => ({ parent: (await readParent(req)) ?? undefined }));
export const requireStudent = guard(async (req) => ({ student: (await readStudent(req)) ?? undefined }));

/** Either a parent or a student may call; ownership of the student in question is checked with `canAccessStudent`. */
export const requireParentOrStudent = guard(async (req) => {
  const [parent, student] = await Promise.all([readParent(req), readStudent(req)]);
  return { parent: parent ?? undefined, student: student ?? undefined };
});

/**
 * A guardian of the student's family, or that student. Anyone else must get 404, never the data. A student record's
 * `userId` is its family's id.
 */
export function canAccessStudent(c: Callers, student: { id: number; userId: number }): boolean {
  return (c.parent !== undefined && c.parent.familyId === student.userId) || c.student?.studentId === student.id;
}

/** The family whose data and settings apply to these callers (a student reads their family's). */
export function accountOf(c: Callers): number | undefined {
  return c.parent?.familyId ?? c.student?.userId;
}

export async function endSession(sessionId: string): Promise<void> {
  await AuthSessionModel.deleteOne({ _id: sessionId });
}

/** Ends a student's sessions signed in before login version `below` (every one when omitted). */
export async function endStudentSessions(studentId: number, below?: number): Promise<void> {
  const older = below === undefined ? {} : { $or: [{ loginVersion: null }, { loginVersion: { $lt: below } }] };
  await AuthSessionModel.deleteMany({ role: 'student', subjectId: studentId, ...older });
}
