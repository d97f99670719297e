import mongoose from 'mongoose';
import { AuthSessionModel, configureAuth, issueSession } from './auth';
import { CounterModel } from './counters';
import { initModels, type AnyModel } from './db';
import { generateKeyPair } from './keys';
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
  await initModels([CounterModel, AuthSessionModel, ...models]);
  return { keys, dbName };
}

export async function teardownTestDatabase() {
  const models = Object.values(mongoose.models);
  for (const model of models) await model.deleteMany({}).catch(() => undefined);
  await mongoose.disconnect();
}

export async function parentCookie(userId: number): Promise<string> {
  return `${PARENT_COOKIE}=${await issueSession({ role: 'parent', userId })}`;
}

export async function studentCookie(studentId: number, userId: number, loginVersion = 0): Promise<string> {
  return `${STUDENT_COOKIE}=${await issueSession({ role: 'student', studentId, userId, loginVersion })}`;
}
