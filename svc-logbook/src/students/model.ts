import { Schema } from 'mongoose';
import { defineModel } from '@logbook/service-kit/model';

/** Hours a student brought from a paper log book, counted towards the targets. */
export interface OpeningBalance {
  dayHours?: number;
  nightHours?: number;
  note?: string;
}

/**
 * The log book's own copy of what it needs about each student: the profile from svc-students' `student` events and
 * the subscription status from svc-billing's `subscription` events (students/events.ts). Kept here so that every
 * request checks ownership and the subscription with one lookup by id, and nobody else's schema is involved.
 */
export interface StudentRecord {
  _id: number;
  userId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  licenseNumber?: string | null;
  /** The day the learner's permit was issued, when the family gave it. */
  permitDate?: string | null;
  /** The courses the learner completed, as the family recorded them (the state's rule decides what they add). */
  courses?: Array<{ id: string; completedOn: string }>;
  subscriptionStatus?: string;
  openingBalance?: OpeningBalance | null;
  /** The versions of the last `student` and `subscription` events applied: an older one arriving late is ignored. */
  studentVersion?: number;
  subscriptionVersion?: number;
}

export const StudentRecordModel = defineModel<StudentRecord>('LogbookStudent', 'logbook_students', {
  _id: Number,
  userId: Number,
  firstName: String,
  lastName: String,
  dateOfBirth: String,
  licenseNumber: String,
  permitDate: String,
  courses: { type: [new Schema({ id: String, completedOn: String }, { _id: false })], default: undefined },
  subscriptionStatus: String,
  openingBalance: { type: Schema.Types.Mixed },
  studentVersion: Number,
  subscriptionVersion: Number,
});
