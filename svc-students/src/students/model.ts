import { Schema } from 'mongoose';
import { DEFAULT_SUBSCRIPTION_STATUS } from '@logbook/contracts/constants';
import { defineModel } from '@logbook/service-kit/model';

export interface OpeningBalanceRecord {
  dayHours: number;
  nightHours: number;
  note: string;
  updatedAt: Date;
}

/**
 * The students collection: svc-students alone defines and writes it. Other services learn of changes through this
 * service's events (events/publisher.ts) and internal API (internal/routes.ts), never by reading it.
 */
export interface StudentRecord {
  _id: number;
  userId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  licenseNumber: string;
  permitDate?: string | null;
  /** The courses the learner completed (a state's rule may credit them): each id once, with the day. */
  courses?: CompletedCourseRecord[];
  /** Written by svc-billing before billing kept its own records; read only to hand them over (internal API). */
  stripeSubscriptionId?: string;
  /** svc-billing's status for the student, as its last `subscription` event told it. */
  subscriptionStatus: string;
  /** The version of that event: an older one arriving late is ignored. */
  subscriptionVersion?: number;
  /** Raised with every change readers are told of (profile, opening balance): the version of `student` events. */
  version?: number;
  /** In lower case (contracts: studentUsernameKey), as student sign-in looks it up. */
  studentUsername?: string;
  /** The same folded key, carrying the unique index that makes usernames unique whatever the case. */
  studentUsernameKey?: string;
  /** bcryptjs hash; never leaves this service. */
  studentPassword?: string;
  hasStudentLogin: boolean;
  /** Raised whenever the login changes or goes, so tokens signed for the old login stop working. */
  loginVersion: number;
  openingBalance?: OpeningBalanceRecord;
  createdAt: Date;
}

export interface CompletedCourseRecord {
  id: string;
  completedOn: string;
}

/** The completed courses as they leave this service: named fields only, oldest first. */
export const coursesOf = (courses: ReadonlyArray<CompletedCourseRecord> | null | undefined): CompletedCourseRecord[] =>
  (courses ?? [])
    .map(({ id, completedOn }) => ({ id, completedOn }))
    .sort((a, b) => a.completedOn.localeCompare(b.completedOn));

/** The hours logged on paper as they leave this service. */
export const openingBalanceOf = ({ dayHours, nightHours, note }: OpeningBalanceRecord) => ({
  dayHours,
  nightHours,
  note: note ?? '',
});

/** Only documents that have a username take part in the unique indexes (a student without a login has none). */
const hasUsername = (field: string) => ({ [field]: { $type: 'string' } });

const openingBalanceSchema = new Schema<OpeningBalanceRecord>(
  {
    dayHours: { type: Number, required: true },
    nightHours: { type: Number, required: true },
    note: { type: String, default: '' },
    updatedAt: { type: Date, required: true },
  },
  { _id: false },
);

const completedCourseSchema = new Schema<CompletedCourseRecord>(
  { id: { type: String, required: true }, completedOn: { type: String, required: true } },
  { _id: false },
);

export const StudentModel = defineModel<StudentRecord>(
  'Student',
  'students',
  {
    _id: Number,
    userId: { type: Number, required: true, index: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    dateOfBirth: { type: String, required: true },
    licenseNumber: { type: String, default: '' },
    permitDate: { type: String },
    courses: { type: [completedCourseSchema], default: undefined },
    stripeSubscriptionId: { type: String },
    subscriptionStatus: { type: String, default: DEFAULT_SUBSCRIPTION_STATUS },
    subscriptionVersion: { type: Number },
    version: { type: Number },
    studentUsername: { type: String },
    studentUsernameKey: { type: String },
    studentPassword: { type: String },
    hasStudentLogin: { type: Boolean, default: false },
    loginVersion: { type: Number, default: 0 },
    openingBalance: { type: openingBalanceSchema, default: undefined },
    createdAt: { type: Date, default: () => new Date() },
  },
  {
    // Connections run with autoIndex off; this collection's unique usernames depend on its indexes, so init() builds them.
    autoIndex: true,
    indexes: [
      [
        { studentUsernameKey: 1 },
        { unique: true, partialFilterExpression: hasUsername('studentUsernameKey'), name: 'studentUsernameKey_unique' },
      ],
      [
        { studentUsername: 1 },
        { unique: true, partialFilterExpression: hasUsername('studentUsername'), name: 'studentUsername_unique' },
      ],
    ],
    // A safety net only: responses are mapped field by field in students.ts.
    hidden: ['studentPassword'],
  },
);

/** Every field a response may carry: the password hash is never even read. */
export const PUBLIC_FIELDS = {
  _id: 1,
  userId: 1,
  firstName: 1,
  lastName: 1,
  dateOfBirth: 1,
  licenseNumber: 1,
  permitDate: 1,
  courses: 1,
  subscriptionStatus: 1,
  hasStudentLogin: 1,
  studentUsername: 1,
  loginVersion: 1,
  createdAt: 1,
} as const;
