import { createAuthApp } from 'svc-auth/app';
import { servePeers } from '@logbook/service-kit/testing';
import { VerificationLimitModel } from '../src/chain/model';

/**
 * svc-auth beside the log book, as the stack runs it: it knows each guardian and queues the supervisor's signing
 * link. Each test starts with no verification counted.
 */
export function serveAuthPeer() {
  beforeAll(async () => {
    await servePeers({
      auth: createAuthApp({ mail: { from: 'Logbook <hello@logbook.test>', publicOrigin: 'http://logbook.test' } }),
    });
  });
  beforeEach(async () => {
    await VerificationLimitModel.deleteMany({});
  });
}
