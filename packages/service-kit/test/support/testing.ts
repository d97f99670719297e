import crypto from 'node:crypto';
import http from 'node:http';
import type { Express } from 'express';
import mongoose from 'mongoose';
import { AuthSessionModel, configureAuth, issueSession } from '../../src/auth';
import { CounterModel } from '../../src/counters';
import { initModels, type AnyModel } from '../../src/db';
import { configureInternal, setServiceUrls, type ServiceName } from '../../src/internal';
import { configurePasswordHashing } from '../../src/password-hash';
import { generateKeyPair } from '../../src/keys';
import { PARENT_COOKIE, STUDENT_COOKIE } from '@logbook/contracts/constants';

/**
 * Test support: each test file gets its own database on the shared embedded server that jest's global setup started
 * (MONGODB_URI), and a key pair of its own.
 */
export async function setupTestDatabase(models: ReadonlyArray<AnyModel>, keys = generateKeyPair()) {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: jest global setup starts the embedded database');
  const dbName = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await mongoose.connect(uri, { dbName, autoCreate: false, autoIndex: false, serverSelectionTimeoutMS: 5000 });
  configureAuth({ publicKey: keys.publicKey, privateKey: keys.privateKey });
  // No other service is reachable until a test serves it (servePeers): nothing leaks to a stack running nearby.
  configureInternal({ secret: crypto.randomBytes(32).toString('hex'), urls: {} });
  // Tests share a busy machine and send bursts of sign-ins on purpose: password work is refused for load only in the
  // tests about that, which set their own budget.
  configurePasswordHashing({ queueBudgetMs: 60_000 });
  await initModels([CounterModel, AuthSessionModel, ...models]);
  return { keys, dbName };
}

const peers: http.Server[] = [];

/** Serves other services' real apps on free ports of this process, so internal calls reach them as in production. */
export async function servePeers(apps: Partial<Record<ServiceName, Express>>): Promise<Record<string, string>> {
  const served: Record<string, string> = {};
  for (const [name, app] of Object.entries(apps)) {
    const server = http.createServer(app!);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    peers.push(server);
    served[name] = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  setServiceUrls(served);
  return served;
}

export async function teardownTestDatabase() {
  for (const server of peers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  const models = Object.values(mongoose.models);
  for (const model of models) await model.deleteMany({}).catch(() => undefined);
  await mongoose.disconnect();
}

/**
 * Every model the apps this test has imported registered: a test that serves another service's app through its
 * package entry sets up that service's data without reaching into its source.
 */
export function registeredModels(): AnyModel[] {
  return Object.values(mongoose.models);
}

/** A collection of this test's database by name: another service's stored data, read or seeded without its model. */
export function storedCollection(name: string) {
  return mongoose.connection.collection(name);
}

/** A guardian's cookie: of their own family unless another is named. */
export async function parentCookie(userId: number, familyId = userId): Promise<string> {
  return `${PARENT_COOKIE}=${await issueSession({ role: 'parent', userId, familyId })}`;
}

export async function studentCookie(studentId: number, userId: number, loginVersion = 0): Promise<string> {
  return `${STUDENT_COOKIE}=${await issueSession({ role: 'student', studentId, userId, loginVersion })}`;
}
