import mongoose, { Schema } from 'mongoose';

/** One parent account's setting; values are text, as the settings screen reads and writes them. */
export interface Setting {
  userId: number;
  key: string;
  value: string;
  updatedAt: Date;
}

const settingSchema = new Schema<Setting>(
  {
    userId: { type: Number, required: true },
    key: { type: String, required: true },
    value: { type: String, required: true },
    updatedAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
// Settings belong to a parent's account: the same key once per family.
settingSchema.index({ userId: 1, key: 1 }, { unique: true });

export const SettingModel: mongoose.Model<Setting> =
  (mongoose.models.Setting as mongoose.Model<Setting>) ?? mongoose.model<Setting>('Setting', settingSchema, 'settings');
