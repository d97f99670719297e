import express from 'express';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { createServiceApp } from '@logbook/service-kit/app';

/** Client errors raised inside libraries (router, body parser) are answered in the product's words, never theirs. */
function makeApp() {
  const router = express.Router();
  router.get('/api/things/:name', (req, res) => {
    res.json({ name: req.params.name });
  });
  router.post('/api/echo', (req, res) => {
    res.json(req.body);
  });
  router.get('/api/library-refusal', () => {
    throw Object.assign(new Error('ENOENT /srv/app/node_modules/some-lib/index.js'), { status: 400 });
  });
  return createServiceApp({ name: 'library-errors-test', routers: [router] });
}

const app = makeApp();

function expectOwnWords(res: request.Response, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ message });
}

describe('library errors', () => {
  it('answers a route parameter that is not valid percent-encoding with 400 in its own words', async () => {
    const res = await request(app).get('/api/things/%E0%A4%A');
    expectOwnWords(res, 400, API_ERRORS.malformedAddress);
    expect(res.text).not.toMatch(/decode|param/i);
    expect((await request(app).get('/api/things/caf%C3%A9')).body).toEqual({ name: 'café' });
  });

  it('answers an unknown charset with 415 in its own words', async () => {
    const res = await request(app)
      .post('/api/echo')
      .set('content-type', 'application/json; charset=BOGUS')
      .send('{"a":1}');
    expectOwnWords(res, 415, API_ERRORS.unsupportedBody);
    expect(res.text).not.toMatch(/BOGUS|charset/i);
  });

  it('answers an unknown content encoding with 415 in its own words', async () => {
    const res = await request(app)
      .post('/api/echo')
      .set('content-type', 'application/json')
      .set('content-encoding', 'bogus-zip')
      .send('{"a":1}');
    expectOwnWords(res, 415, API_ERRORS.unsupportedBody);
    expect(res.text).not.toMatch(/bogus-zip|encoding/i);
  });

  it('keeps the status of any other client error but not its text', async () => {
    const res = await request(app).get('/api/library-refusal');
    expectOwnWords(res, 400, API_ERRORS.unreadableRequest);
    expect(res.text).not.toContain('node_modules');
  });

  it('still answers malformed JSON and oversize bodies as before', async () => {
    const bad = await request(app).post('/api/echo').set('content-type', 'application/json').send('{"a":');
    expectOwnWords(bad, 400, API_ERRORS.malformedJson);
    const big = await request(app)
      .post('/api/echo')
      .send({ a: 'x'.repeat(200_000) });
    expectOwnWords(big, 413, API_ERRORS.bodyTooLarge);
  });
});
