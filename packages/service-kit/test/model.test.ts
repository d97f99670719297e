import { defineModel, expiresAtIndex, WINDOW_COUNTER_FIELDS } from '@logbook/service-kit/model';
import type { WindowCounter } from '@logbook/service-kit/rate-limit-store';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';

interface Account {
  _id: number;
  email: string;
  secret: string;
}

const AccountModel = defineModel<Account>(
  'ModelTestAccount',
  'model_test_accounts',
  { _id: Number, email: { type: String, required: true }, secret: String },
  { autoIndex: true, indexes: [[{ email: 1 }, { unique: true }]], hidden: ['secret'] },
);
const CounterModel = defineModel<WindowCounter>('ModelTestCounter', 'model_test_counters', WINDOW_COUNTER_FIELDS, {
  indexes: [expiresAtIndex()],
});

beforeAll(() => setupTestDatabase([AccountModel, CounterModel]));
afterAll(() => teardownTestDatabase());

describe('defineModel', () => {
  it('stores documents in the named collection, without a version key or fields the schema does not have', async () => {
    await AccountModel.create({ _id: 1, email: 'a@example.com', secret: 'x', extra: 'dropped' } as Account);
    const stored = await AccountModel.db.collection('model_test_accounts').findOne({ _id: 1 as never });
    expect(stored).toEqual({ _id: 1, email: 'a@example.com', secret: 'x' });
  });

  it('builds the indexes it is given', async () => {
    await expect(AccountModel.create({ _id: 2, email: 'a@example.com', secret: 'y' })).rejects.toMatchObject({
      code: 11000,
    });
    const indexes = await CounterModel.listIndexes();
    expect(indexes.find((i) => i.key.expiresAt === 1)).toMatchObject({ expireAfterSeconds: 0 });
  });

  it('leaves hidden fields out of a document’s JSON', async () => {
    const doc = await AccountModel.findById(1);
    expect(doc!.toJSON()).toEqual({ _id: 1, email: 'a@example.com' });
    expect(doc!.secret).toBe('x');
  });

  it('gives the model made first to a second definition of the same name', () => {
    expect(defineModel<Account>('ModelTestAccount', 'model_test_accounts', { _id: Number })).toBe(AccountModel);
  });
});
