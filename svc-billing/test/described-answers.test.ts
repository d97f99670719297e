import request from 'supertest';
import { described } from '@logbook/service-kit/described';
import { setupTestDatabase, studentCookie, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { makeFamily, signedEvent, testConfig, testModels } from './fixtures';

// The simulated provider: the flow the product runs without Stripe keys, every route of it.
const app = createApp(testConfig());

beforeAll(async () => {
  await setupTestDatabase(testModels);
});
afterAll(teardownTestDatabase);

const post = (path: string, cookie: string, body: object) => request(app).post(path).set('Cookie', cookie).send(body);

// Every exchange below goes through `described`: a status, header, field or request body that docs/openapi.json does
// not give fails the test.
describe('billing answers as docs/openapi.json describes', () => {
  it('subscribing, paying, failing a renewal, paying again and canceling; and the refusals', async () => {
    const f = await makeFamily();
    const stranger = await makeFamily();
    expect(described(await request(app).get('/api/billing/config')).status).toBe(200);
    const none = described(await request(app).get(`/api/subscription/${f.studentId}`).set('Cookie', f.cookie));
    expect(none.status).toBe(200);

    const created = described(await post('/api/create-subscription', f.cookie, { studentId: f.studentId }));
    expect(created.status).toBe(200);
    const { clientSecret } = created.body as { clientSecret: string };
    const notTheirs = described(await post('/api/create-subscription', stranger.cookie, { studentId: f.studentId }));
    expect(notTheirs.status).toBe(404);
    const badCoupon = described(
      await post('/api/create-subscription', stranger.cookie, { studentId: stranger.studentId, couponCode: 'no way' }),
    );
    expect(badCoupon.status).toBe(400);
    const operator = described(await post('/api/create-subscription', f.cookie, { studentId: { $gt: 0 } }));
    expect(operator.status).toBe(400);
    const signedOut = described(await request(app).post('/api/create-subscription').send({ studentId: 1 }));
    expect(signedOut.status).toBe(401);
    const asStudent = described(
      await post('/api/create-subscription', await studentCookie(f.studentId, f.userId, 0), {
        studentId: f.studentId,
      }),
    );
    expect(asStudent.status).toBe(401);
    const crossOrigin = described(
      await request(app)
        .post('/api/create-subscription')
        .set('Cookie', f.cookie)
        .set('origin', 'https://elsewhere.example')
        .send({ studentId: f.studentId }),
    );
    expect(crossOrigin.status).toBe(403);

    // The simulator's own routes (a card holder's part) are not in the published description: production has none.
    const wrongSecret = await post('/api/billing/simulate/confirm', stranger.cookie, { clientSecret });
    expect(wrongSecret.status).toBe(404);
    const confirmed = await post('/api/billing/simulate/confirm', f.cookie, { clientSecret });
    expect(confirmed.status).toBe(200);
    const again = described(await post('/api/create-subscription', f.cookie, { studentId: f.studentId }));
    expect(again.status).toBe(409);
    const paidUp = described(await post('/api/billing/payment', f.cookie, { studentId: f.studentId }));
    expect(paidUp.status).toBe(409);
    const failed = await post('/api/billing/simulate/renewal-failure', f.cookie, { studentId: f.studentId });
    expect(failed.status).toBe(200);
    const payment = described(await post('/api/billing/payment', f.cookie, { studentId: f.studentId }));
    expect(payment.status).toBe(200);
    const paid = await post('/api/billing/simulate/confirm', f.cookie, {
      clientSecret: (payment.body as { clientSecret: string }).clientSecret,
    });
    expect(paid.status).toBe(200);
    const active = described(await request(app).get(`/api/subscription/${f.studentId}`).set('Cookie', f.cookie));
    expect(active.status).toBe(200);

    const canceled = described(await post('/api/cancel-subscription', f.cookie, { studentId: f.studentId }));
    expect(canceled.status).toBe(200);
    const strangerCancel = described(
      await post('/api/cancel-subscription', stranger.cookie, { studentId: f.studentId }),
    );
    expect(strangerCancel.status).toBe(404);
    const nothingToCancel = described(
      await post('/api/cancel-subscription', stranger.cookie, { studentId: stranger.studentId }),
    );
    expect([404, 409]).toContain(nothingToCancel.status);
  });

  it("the provider's events: signed, and not", async () => {
    const unsigned = described(
      await request(app)
        .post('/api/stripe/webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', 't=1,v1=00')
        .send('{"id":"evt_1","type":"invoice.paid"}'),
    );
    expect(unsigned.status).toBe(400);
    const { payload, header } = signedEvent('customer.created', { id: 'cus_described', object: 'customer' });
    const signed = described(
      await request(app)
        .post('/api/stripe/webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', header)
        .send(payload),
    );
    expect(signed.status).toBe(200);
  });
});
