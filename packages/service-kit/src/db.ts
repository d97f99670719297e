import mongoose from 'mongoose';
import { logger } from './logger';
import { IN_MEMORY_WARNING, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-db';

mongoose.set('strictQuery', true);
// Operations fail at once while the database is away, so requests answer 503 instead of hanging.
mongoose.set('bufferCommands', false);
mongoose.set('autoCreate', false);

/** A model of any document shape (services pass their own). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModel = mongoose.Model<any>;

/** Connect to MONGODB_URI, or start an embedded server when it is not set. */
export async function connectDatabase(opts: { uri?: string; dbName: string }): Promise<{ close(): Promise<void> }> {
  let uri = opts.uri;
  let embedded: EmbeddedDatabase | undefined;
  if (!uri) {
    embedded = await startEmbeddedDatabase();
    uri = embedded.uri;
    if (!embedded.persistent) logger.warn(IN_MEMORY_WARNING);
  }
  await mongoose.connect(uri, {
    dbName: opts.dbName,
    autoCreate: false,
    autoIndex: false,
    serverSelectionTimeoutMS: 3000,
    heartbeatFrequencyMS: 2000,
    maxPoolSize: 20,
  });
  logger.info({ db: opts.dbName, embedded: embedded?.kind }, 'database connected');
  return {
    close: async () => {
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

/**
 * Create every model's indexes. autoCreate/autoIndex are off (as the fallback server needs), so Model.init() alone
 * would leave them out: the unique ones carry rules, so they are built here explicitly.
 */
export async function initModels(models: ReadonlyArray<AnyModel>): Promise<void> {
  for (const model of models) {
    await model.init();
    await model.createIndexes();
  }
}

export async function databaseReady(): Promise<boolean> {
  if (mongoose.connection.readyState !== 1 || !mongoose.connection.db) return false;
  try {
    await mongoose.connection.db.admin().command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}

export const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

/** Inserts `doc` unless its unique key is taken (another writer was first); true when this call inserted it. */
export async function insertUnlessTaken<T>(model: mongoose.Model<T>, doc: T): Promise<boolean> {
  try {
    await model.create(doc);
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return false;
  }
}
