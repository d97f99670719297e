import { API_ERRORS } from '@logbook/contracts/messages';
import { VerificationLimitModel } from '../src/chain/model';
import { http, useDatabase } from './helpers';

useDatabase();

const UNKNOWN_CODE = 'AAAAAAAAAAAAAAAA';

/**
 * Public checks from one address are counted in the database, so instances of the service behind one gateway share
 * a single allowance: counts made elsewhere hold here too.
 */
describe('the public check allowance', () => {
  it('is counted in the database and refuses an address another instance has used up', async () => {
    for (let i = 0; i < 3; i++) expect((await http().get(`/api/verify/${UNKNOWN_CODE}`)).status).toBe(404);
    const counters = await VerificationLimitModel.find({}).lean();
    expect(counters).toHaveLength(1);
    expect(counters[0]).toMatchObject({ _id: expect.stringMatching(/^verify:ip:/), hits: 3 });

    // The other 57 checks of this minute, made through another instance.
    await VerificationLimitModel.updateOne({ _id: counters[0]._id }, { $set: { hits: 60 } });
    const refused = await http().get(`/api/verify/${UNKNOWN_CODE}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: API_ERRORS.tooManyAttempts });

    // A new window starts once this one is over.
    await VerificationLimitModel.updateOne({ _id: counters[0]._id }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    expect((await http().get(`/api/verify/${UNKNOWN_CODE}`)).status).toBe(404);
    expect((await VerificationLimitModel.findById(counters[0]._id).lean())?.hits).toBe(1);
  });
});
