import pino from 'pino';
import request from 'supertest';
import { createAuthApp } from 'svc-auth/app';
import { logger } from '@logbook/service-kit/logger';
import { servePeers } from '@logbook/service-kit/testing';
import { createLogbookApp } from '../src/app';
import { VerificationLimitModel } from '../src/chain/model';
import { DrivingSessionModel } from '../src/sessions/model';
import { SIGNATURE, useDatabase, entryAwaitingSigner } from './helpers';

const ORIGIN = 'http://logbook.test';
useDatabase();
beforeAll(async () => {
  await servePeers({ auth: createAuthApp({ mail: { from: 'Logbook <hello@logbook.test>', publicOrigin: ORIGIN } }) });
});
beforeEach(async () => {
  await VerificationLimitModel.deleteMany({ _id: /^sign-off:ip:/ });
});

/** The lines the service's request log writes while `work` runs, as written (the tests' logger is otherwise silent). */
async function loggedLines(work: (app: ReturnType<typeof createLogbookApp>) => Promise<void>): Promise<string> {
  const stream = (logger as unknown as Record<symbol, { write: (line: string) => void }>)[pino.symbols.streamSym];
  const lines: string[] = [];
  const write = jest.spyOn(stream, 'write').mockImplementation((line: string) => void lines.push(line));
  const level = logger.level;
  logger.level = 'info';
  try {
    // Made after the level is raised: its request logger is a child of the service's logger as it is then.
    await work(createLogbookApp());
  } finally {
    logger.level = level;
    write.mockRestore();
  }
  return lines.join('');
}

const awaitingEntry = entryAwaitingSigner;

const signing = {
  supervisorName: 'Pat Supervisor',
  supervisorLicenseNumber: 'SA123456',
  licenceState: 'SA',
  fullLicenceYear: 1998,
  supervisorSignature: SIGNATURE,
};

describe('signing tokens are kept out of the request log', () => {
  it('writes a link sent as /sign/<token> without its token, in the path and in the page address it came from', async () => {
    const { id, token } = await awaitingEntry();
    const logged = await loggedLines(async (app) => {
      const fromPage = `${ORIGIN}/sign/${token}`;
      expect((await request(app).get(`/api/sign-off/${token}`).set('Referer', fromPage)).status).toBe(200);
      // A link sent before the token moved to the fragment still signs.
      const signed = await request(app).post(`/api/sign-off/${token}`).set('Referer', fromPage).send(signing);
      expect(signed.status).toBe(200);
    });
    expect(await DrivingSessionModel.exists({ _id: id })).toBeNull();
    expect(
      await DrivingSessionModel.countDocuments({ 'signOff.status': 'signed', 'signOff.supervisorEmail': /^pat-/ }),
    ).toBeGreaterThan(0);
    expect(logged).toContain('"url":"/api/sign-off/[token]"');
    expect(logged).toContain('"referer":"http://logbook.test/sign/[token]"');
    expect(logged).not.toContain(token);
  });

  it('takes the token in the body from the page opened at /sign#<token>, and logs only the route', async () => {
    const { token } = await awaitingEntry();
    const logged = await loggedLines(async (app) => {
      const entry = await request(app).post('/api/signing/entry').set('Referer', `${ORIGIN}/sign`).send({ token });
      expect(entry.status).toBe(200);
      expect(
        (
          await request(app)
            .post('/api/signing/sign')
            .send({ token, ...signing })
        ).status,
      ).toBe(200);
    });
    expect(logged).toContain('"url":"/api/signing/entry"');
    expect(logged).not.toContain(token);
  });
});
