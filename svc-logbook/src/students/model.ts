import mongoose, { Schema } from 'mongoose';

/** Hours a student brought from a paper log book, counted towards the targets. */
export interface OpeningBalance {
  dayHours?: number;
  nightHours?: number;
  note?: string;
}

/** The student fields the log book reads; svc-students owns the collection, this service never writes it. */
export interface StudentRecord {
  _id: number;
  userId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  licenseNumber?: string | null;
  subscriptionStatus?: string;
  openingBalance?: OpeningBalance | null;
}

export const StudentRecordModel: mongoose.Model<StudentRecord> =
  (mongoose.models.LogbookStudent as mongoose.Model<StudentRecord>) ??
  mongoose.model<StudentRecord>(
    'LogbookStudent',
    new Schema<StudentRecord>(
      {
        _id: Number,
        userId: Number,
        firstName: String,
        lastName: String,
        dateOfBirth: String,
        licenseNumber: String,
        subscriptionStatus: String,
        openingBalance: { type: Schema.Types.Mixed },
      },
      { versionKey: false, strict: true, autoCreate: false, autoIndex: false },
    ),
    'students',
  );
