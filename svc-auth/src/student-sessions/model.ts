import mongoose, { Schema } from 'mongoose';

/** What student sign-in reads from `students`; svc-students owns and writes the collection. */
export interface StudentAccount {
  _id: number;
  userId: number;
  firstName: string;
  lastName: string;
  subscriptionStatus?: string;
  studentUsername?: string | null;
  studentPassword?: string | null;
  hasStudentLogin?: boolean;
  loginVersion?: number;
}

export const StudentAccountModel: mongoose.Model<StudentAccount> =
  (mongoose.models.StudentAccount as mongoose.Model<StudentAccount>) ??
  mongoose.model<StudentAccount>(
    'StudentAccount',
    new Schema<StudentAccount>(
      {
        _id: Number,
        userId: Number,
        firstName: String,
        lastName: String,
        subscriptionStatus: String,
        studentUsername: String,
        studentPassword: String,
        hasStudentLogin: Boolean,
        loginVersion: Number,
      },
      { versionKey: false, strict: true, autoCreate: false, autoIndex: false },
    ),
    'students',
  );
