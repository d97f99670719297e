import mongoose, { Schema } from 'mongoose';
import type { Coordinates } from '@logbook/contracts/coordinates';

/** One supervised drive, with the client id that makes a repeated submission harmless. */
export interface DrivingSessionRecord {
  _id: number;
  studentId: number;
  date: string;
  startTime: string;
  endTime: string;
  duration: string;
  startSuburb: string;
  endSuburb: string;
  timeOfDay: string;
  trafficConditions: string;
  roadConditions: string;
  /** Inline only on sessions logged before signatures had a collection of their own. */
  studentSignature?: string;
  supervisorName: string;
  supervisorLicenseNumber: string;
  supervisorSignature?: string;
  /** The session_signatures record holding this session's two signatures. */
  signaturesId?: string;
  clientId: string;
  /** Where the session was logged, rounded to about 100 m; only when the location button was used. */
  coordinates?: Coordinates;
  /** 'clear' | 'overcast' | 'rain' | 'fog'; null when not recorded, absent on sessions logged before it was asked. */
  weatherConditions?: string | null;
  /** A licensed driving instructor supervised; absent on sessions logged before it was asked. */
  supervisorIsInstructor?: boolean;
  /** The family's saved supervisor picked on the form (the session keeps its own copy of the name and licence). */
  supervisorId?: number;
  /** The entry this one corrects: sealed into the hash, so a correction cannot be moved to another entry. */
  correctionOf?: number;
  /**
   * Outside the hash (the entry itself is never changed): absent while in force; 'superseded' once a correction
   * replaced it, 'removed' once removed, with the reason and when.
   */
  status?: 'superseded' | 'removed';
  supersededBy?: number;
  changeReason?: string;
  changedAt?: Date;
  /** The signatures flattened to greyscale for print (base64 PNG); inline only on sessions logged before. */
  studentSignaturePrint?: string;
  supervisorSignaturePrint?: string;
  /** The hash of the student's session logged just before (GENESIS_HASH for the first); absent on sessions logged before the chain. */
  previousHash?: string;
  /** sessionHash over this session's content and previousHash. */
  hash?: string;
  createdAt: Date;
}

const text = { type: String, required: true };

const drivingSessionSchema = new Schema<DrivingSessionRecord>(
  {
    _id: Number,
    studentId: { type: Number, required: true },
    date: text,
    startTime: text,
    endTime: text,
    duration: text,
    startSuburb: text,
    endSuburb: text,
    timeOfDay: text,
    trafficConditions: text,
    roadConditions: text,
    studentSignature: String,
    supervisorName: text,
    supervisorLicenseNumber: text,
    supervisorSignature: String,
    signaturesId: String,
    clientId: text,
    coordinates: {
      type: new Schema<Coordinates>({ latitude: Number, longitude: Number }, { _id: false, versionKey: false }),
      required: false,
    },
    studentSignaturePrint: String,
    supervisorSignaturePrint: String,
    weatherConditions: { type: String, required: false },
    supervisorIsInstructor: Boolean,
    supervisorId: Number,
    correctionOf: Number,
    status: { type: String, enum: ['superseded', 'removed'] },
    supersededBy: Number,
    changeReason: String,
    changedAt: Date,
    previousHash: String,
    hash: String,
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
drivingSessionSchema.index({ studentId: 1, date: 1 });
// Every session has a client id (made by the server when the browser sent none), so this holds on any MongoDB.
drivingSessionSchema.index({ studentId: 1, clientId: 1 }, { unique: true });
// One successor per hash: two sessions logged at once cannot both follow the same one, so the chain never forks.
drivingSessionSchema.index(
  { studentId: 1, previousHash: 1 },
  { unique: true, partialFilterExpression: { previousHash: { $exists: true } } },
);
// One correction per entry: two corrections of the same entry sent at once cannot both be stored.
drivingSessionSchema.index(
  { studentId: 1, correctionOf: 1 },
  { unique: true, partialFilterExpression: { correctionOf: { $exists: true } } },
);

/** The filter for entries in force (neither superseded nor removed). */
export const IN_FORCE = { status: { $exists: false } } as const;

export const DrivingSessionModel: mongoose.Model<DrivingSessionRecord> =
  (mongoose.models.DrivingSession as mongoose.Model<DrivingSessionRecord>) ??
  mongoose.model<DrivingSessionRecord>('DrivingSession', drivingSessionSchema, 'driving_sessions');

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

export const SessionSignaturesModel: mongoose.Model<SessionSignaturesRecord> =
  (mongoose.models.SessionSignatures as mongoose.Model<SessionSignaturesRecord>) ??
  mongoose.model<SessionSignaturesRecord>(
    'SessionSignatures',
    new Schema<SessionSignaturesRecord>(
      {
        _id: String,
        studentId: { type: Number, required: true },
        studentSignature: text,
        supervisorSignature: text,
        studentSignaturePrint: String,
        supervisorSignaturePrint: String,
        createdAt: { type: Date, default: () => new Date() },
      },
      { versionKey: false },
    ),
    'session_signatures',
  );
