import { Schema } from 'mongoose';
import { storedDefinition, type StoredSessionFields } from './fields';
import { defineModel } from '@logbook/service-kit/model';

/**
 * One supervised drive: the session's own fields (see the registry in contracts' session-fields.ts), with the client
 * id that makes a repeated submission harmless and its place in the chain.
 */
export interface DrivingSessionRecord extends StoredSessionFields {
  _id: number;
  /** The session_signatures record holding this session's two signatures. */
  signaturesId?: string;
  clientId: string;
  /** The family's saved supervisor picked on the form (the session keeps its own copy of the name and licence). */
  supervisorId?: number;
  /** The account of the guardian who logged it (`loggedBy` keeps their email as it was then, sealed). */
  loggedById?: number;
  /**
   * Outside the hash (the entry itself is never changed): absent while in force; 'superseded' once a correction
   * replaced it, 'removed' once removed, with the reason and when.
   */
  status?: 'superseded' | 'removed' | 'awaiting' | 'declined';
  supersededBy?: number;
  changeReason?: string;
  changedAt?: Date;
  /** Asked of the supervisor on their own phone: the request and what came of it (outside the hash). */
  signOff?: StoredSignOff;
  /**
   * Never in the chain: an entry that awaited the supervisor's signature (declined, or cancelled, or corrected or
   * removed meanwhile). Once signed the entry is stored again, sealed, under a new id.
   */
  unsealed?: boolean;
  /** The signatures flattened to greyscale for print (base64 PNG); inline only on sessions logged before. */
  studentSignaturePrint?: string;
  supervisorSignaturePrint?: string;
  /** The hash of the student's session logged just before (GENESIS_HASH for the first); absent on sessions logged before the chain. */
  previousHash?: string;
  /** sessionHash over this session's content and previousHash. */
  hash?: string;
  createdAt: Date;
}

interface StoredSignOff {
  status: 'awaiting' | 'signed' | 'declined' | 'cancelled';
  supervisorEmail: string;
  /** When the newest link was emailed (absent while it could not be). */
  mailedAt?: Date;
  signedAt?: Date;
  declinedAt?: Date;
  declineReason?: string;
}

const text = { type: String, required: true };

const signOffSchema = new Schema<StoredSignOff>(
  {
    status: { type: String, enum: ['awaiting', 'signed', 'declined', 'cancelled'], required: true },
    supervisorEmail: { type: String, required: true },
    mailedAt: Date,
    signedAt: Date,
    declinedAt: Date,
    declineReason: String,
  },
  { _id: false, versionKey: false },
);

/** The filter for entries in force (neither superseded nor removed, nor awaiting or declined by the supervisor). */
export const IN_FORCE = { status: { $exists: false } } as const;

/** The filter for entries in the chain (every entry but those that awaited a supervisor's signature). */
export const SEALED = { unsealed: { $ne: true } } as const;

export const DrivingSessionModel = defineModel<DrivingSessionRecord>(
  'DrivingSession',
  'driving_sessions',
  {
    _id: Number,
    ...storedDefinition(),
    signaturesId: String,
    clientId: text,
    studentSignaturePrint: String,
    supervisorSignaturePrint: String,
    supervisorId: Number,
    loggedById: Number,
    status: { type: String, enum: ['superseded', 'removed', 'awaiting', 'declined'] },
    supersededBy: Number,
    changeReason: String,
    changedAt: Date,
    signOff: { type: signOffSchema, required: false },
    unsealed: Boolean,
    previousHash: String,
    hash: String,
    createdAt: { type: Date, default: () => new Date() },
  },
  {
    indexes: [
      [{ studentId: 1, date: 1 }],
      // Every session has a client id (made by the server when the browser sent none), so this holds on any MongoDB.
      [{ studentId: 1, clientId: 1 }, { unique: true }],
      // One successor per hash: two sessions logged at once cannot both follow the same one, so the chain never forks.
      [
        { studentId: 1, previousHash: 1 },
        { unique: true, partialFilterExpression: { previousHash: { $exists: true } } },
      ],
      // One correction per entry: two corrections of the same entry sent at once cannot both be stored.
      [
        { studentId: 1, correctionOf: 1 },
        { unique: true, partialFilterExpression: { correctionOf: { $exists: true } } },
      ],
    ],
  },
);

/**
 * The two signatures of a session, kept apart from it so that lists, summaries and insights never move the images.
 * The id is a digest of the student and both images: storing the same pair twice (a retry, or two identical
 * submissions at once) writes one record, so it can be stored before the session that refers to it.
 */
export interface SessionSignaturesRecord {
  _id: string;
  studentId: number;
  studentSignature: string;
  supervisorSignature: string;
  /** Flattened to greyscale for print (base64 PNG), made once when the session is logged. */
  studentSignaturePrint?: string;
  supervisorSignaturePrint?: string;
  createdAt: Date;
}

export const SessionSignaturesModel = defineModel<SessionSignaturesRecord>('SessionSignatures', 'session_signatures', {
  _id: String,
  studentId: { type: Number, required: true },
  studentSignature: text,
  supervisorSignature: text,
  studentSignaturePrint: String,
  supervisorSignaturePrint: String,
  createdAt: { type: Date, default: () => new Date() },
});
