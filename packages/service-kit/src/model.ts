import mongoose, { Schema, type IndexDefinition, type IndexOptions } from 'mongoose';
import { OWNERSHIP, type OwningService } from './ownership';

/** One secondary index of a collection: its keys and options, as `Schema.index` takes them. */
export type IndexSpec = [keys: IndexDefinition, options?: IndexOptions];

/** What a collection is declared with besides its fields. */
export interface ModelOptions {
  /**
   * The connection turns index building off; a collection whose indexes carry rules its code relies on (a unique
   * key, an expiry) turns it on, so that Model.init() builds them wherever the model is first used.
   */
  autoIndex?: boolean;
  /** Secondary indexes. */
  indexes?: IndexSpec[];
  /** Fields never put in a document's JSON (a password hash): a safety net, as responses are mapped field by field. */
  hidden?: string[];
}

/** A field a real MongoDB removes the document by, once the time it holds has passed (a TTL index). */
export const expiresAtIndex = (field = 'expiresAt'): IndexSpec => [{ [field]: 1 }, { expireAfterSeconds: 0 }];

/** The fields of a window counter (see rate-limit-store.ts): hits since its window opened, and when it closes. */
export const WINDOW_COUNTER_FIELDS = { _id: String, hits: Number, expiresAt: { type: Date, required: true } };

/**
 * The model of one collection, by its model name and collection name: every service declares its collections this
 * way. Documents carry no version key (writes say what they change); fields not in the schema are dropped (mongoose's
 * strict mode). A module loaded again in the same process (as jest does per test file) gets the model made first.
 */
export function defineModel<T>(
  name: string,
  collection: string,
  fields: ConstructorParameters<typeof Schema<T>>[0],
  options: ModelOptions = {},
): mongoose.Model<T> {
  const known = mongoose.models[name] as mongoose.Model<T> | undefined;
  if (known) return known;
  const { autoIndex, indexes = [], hidden = [] } = options;
  const schema = new Schema<T>(fields, { versionKey: false, autoIndex });
  for (const [keys, indexOptions] of indexes) schema.index(keys, indexOptions);
  if (hidden.length) {
    schema.set('toJSON', {
      transform: (_doc: unknown, ret: Record<string, unknown>) => {
        for (const field of hidden) delete ret[field];
        return ret;
      },
    });
  }
  return mongoose.model<T>(name, schema, collection);
}

/**
 * Deletes, in every collection `service` owns (see ownership.ts) whose documents have `field`, those whose `field` is
 * one of `values`: how a family's or its students' documents go, whichever component's collections hold them.
 */
export async function deleteOwnedBy(service: OwningService, field: string, values: number[]): Promise<void> {
  if (values.length === 0) return;
  for (const model of Object.values(mongoose.models)) {
    const owned = OWNERSHIP[model.collection.collectionName]?.owner === service;
    if (owned && model.schema.path(field)) await model.deleteMany({ [field]: { $in: values } });
  }
}
