import mongoose, { Schema } from 'mongoose';

export interface User {
  _id: number;
  username: string;
  email: string;
  password: string;
  stripeCustomerId?: string;
  createdAt: Date;
}

const userSchema = new Schema<User>(
  {
    _id: Number,
    username: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true },
    password: { type: String, required: true },
    stripeCustomerId: { type: String },
    createdAt: { type: Date, default: () => new Date() },
  },
  {
    versionKey: false,
    // The connection turns index building off; these unique indexes are what make duplicate emails impossible.
    autoIndex: true,
    toJSON: {
      transform: (_doc, ret: Partial<User>) => {
        delete ret.password;
        return ret;
      },
    },
  },
);

export const UserModel: mongoose.Model<User> =
  (mongoose.models.User as mongoose.Model<User>) ?? mongoose.model<User>('User', userSchema, 'users');
