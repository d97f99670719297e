import { defineModel } from '@logbook/service-kit/model';

/** One parent account's setting; values are text, as the settings screen reads and writes them. */
export interface Setting {
  userId: number;
  key: string;
  value: string;
  updatedAt: Date;
}

export const SettingModel = defineModel<Setting>(
  'Setting',
  'settings',
  {
    userId: { type: Number, required: true },
    key: { type: String, required: true },
    value: { type: String, required: true },
    updatedAt: { type: Date, default: () => new Date() },
  },
  // Settings belong to a parent's account: the same key once per family.
  { indexes: [[{ userId: 1, key: 1 }, { unique: true }]] },
);
