import { isDuplicateKey } from './db';
import { defineModel } from './model';

interface Counter {
  _id: string;
  seq: number;
}

export const CounterModel = defineModel<Counter>('Counter', 'counters', { _id: String, seq: Number });

export async function nextId(name: string): Promise<number> {
  const doc = await CounterModel.findOneAndUpdate(
    { _id: name },
    { $inc: { seq: 1 } },
    { upsert: true, new: true },
  ).lean();
  return doc!.seq;
}

/**
 * Insert a document under the next numeric id of `counter`. The id index is unique, and a duplicate (which the
 * in-memory fallback can hand out under heavy concurrency) is retried with a fresh id.
 */
export async function createWithNumericId<T>(
  counter: string,
  create: (id: number) => Promise<T>,
  attempts = 8,
): Promise<T> {
  for (let i = 0; ; i++) {
    const id = await nextId(counter);
    try {
      return await create(id);
    } catch (err) {
      const keyPattern = (err as { keyPattern?: Record<string, unknown> }).keyPattern;
      const onId = !keyPattern || '_id' in keyPattern || 'id' in keyPattern;
      if (!isDuplicateKey(err) || !onId || i >= attempts - 1) throw err;
    }
  }
}
