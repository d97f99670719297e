import crypto from 'node:crypto';
import { sessionHash } from '@logbook/contracts/hash-chain';
import { nextId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { ensureChain, hashedContent } from '../src/chain/chain';
import { linkSession, type ChainLink } from '../src/chain/link';
import { DrivingSessionModel } from '../src/sessions/model';
import { http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

/** A student with one session logged through the API, so the chain and its recorded head exist. */
async function studentWithChain() {
  const parent = await newParent();
  const student = await insertStudent(parent.userId);
  const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
  expect(res.status).toBe(201);
  return student.id;
}

/** The stored fields of a new session, and what its hash covers. */
function newSession(studentId: number) {
  const { clientId: _c, ...content } = sessionBody(studentId, { date: '2026-03-08' });
  return { ...content, studentId };
}

/** Stores a session on `previousHash` as another instance would, leaving the recorded head where it was. */
async function storedElsewhere(studentId: number, previousHash: string) {
  const content = newSession(studentId);
  const id = await nextId('driving_sessions');
  const hash = sessionHash(hashedContent({ _id: id, ...content }), previousHash);
  await DrivingSessionModel.create({ _id: id, ...content, clientId: crypto.randomUUID(), previousHash, hash });
  return { id, hash };
}

const storeOn = (content: ReturnType<typeof newSession>, clientId: string) => (link: ChainLink) =>
  DrivingSessionModel.create({ _id: link.id, ...content, clientId, previousHash: link.previousHash, hash: link.hash });

describe('linkSession', () => {
  it('stores on the recorded head when nobody else is linking', async () => {
    const studentId = await studentWithChain();
    const head = await ensureChain(studentId);
    const content = newSession(studentId);
    const links: ChainLink[] = [];
    const doc = await linkSession(studentId, content, {
      store: (link) => {
        links.push(link);
        return storeOn(content, crypto.randomUUID())(link);
      },
      alreadyStored: async () => null,
    });
    expect(links).toHaveLength(1);
    expect(links[0].previousHash).toBe(head);
    expect(links[0].hash).toBe(sessionHash(hashedContent({ _id: links[0].id, ...content }), head));
    expect(doc.hash).toBe(links[0].hash);
  });

  it('follows the new tip when another instance took the link, with an id after the one it follows', async () => {
    const studentId = await studentWithChain();
    const content = newSession(studentId);
    const links: ChainLink[] = [];
    let other: { id: number; hash: string } | undefined;
    const doc = await linkSession(studentId, content, {
      store: async (link) => {
        links.push(link);
        // The first time, another instance stores its session on the same link just before this one does.
        if (!other) other = await storedElsewhere(studentId, link.previousHash);
        return storeOn(content, crypto.randomUUID())(link);
      },
      alreadyStored: async () => null,
    });
    expect(links).toHaveLength(2);
    expect(links[1].previousHash).toBe(other!.hash);
    expect(links[1].id).toBeGreaterThan(other!.id);
    expect(doc.previousHash).toBe(other!.hash);
    // One chain, no fork: each stored session follows the one stored before it.
    const stored = await DrivingSessionModel.find({ studentId }).sort({ _id: 1 }).lean();
    expect(stored).toHaveLength(3);
    expect(stored[1].previousHash).toBe(stored[0].hash);
    expect(stored[2].previousHash).toBe(stored[1].hash);
  });

  it('answers the session already stored when the same submission got in first, and stores nothing more', async () => {
    const studentId = await studentWithChain();
    const content = newSession(studentId);
    const clientId = crypto.randomUUID();
    const first = await linkSession(studentId, content, {
      store: storeOn(content, clientId),
      alreadyStored: async () => null,
    });
    let stores = 0;
    const again = await linkSession(studentId, content, {
      store: (link) => {
        stores += 1;
        return storeOn(content, clientId)(link);
      },
      alreadyStored: () => DrivingSessionModel.findOne({ studentId, clientId }),
    });
    expect(stores).toBe(1);
    expect(again?._id).toBe(first._id);
    expect(await DrivingSessionModel.countDocuments({ studentId })).toBe(2);
  });

  it('throws what the store throws, at once, when it is not a taken link', async () => {
    const studentId = await studentWithChain();
    let stores = 0;
    const failing = linkSession(studentId, newSession(studentId), {
      store: async () => {
        stores += 1;
        throw new Error('disk full');
      },
      alreadyStored: async () => null,
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(stores).toBe(1);
  });

  it('gives up with the duplicate-key error when every link it tries is taken', async () => {
    const studentId = await studentWithChain();
    const content = newSession(studentId);
    let stores = 0;
    const losing = linkSession(studentId, content, {
      store: async (link) => {
        stores += 1;
        await storedElsewhere(studentId, link.previousHash);
        return storeOn(content, crypto.randomUUID())(link);
      },
      alreadyStored: async () => null,
    });
    const err = await losing.catch((e: unknown) => e);
    expect(isDuplicateKey(err)).toBe(true);
    expect(stores).toBeGreaterThan(1);
    // Every try lost its link to another session, and none of this one's was stored.
    expect(await DrivingSessionModel.countDocuments({ studentId })).toBe(1 + stores);
  });
});
