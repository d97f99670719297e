/** Business constants of the product, in one place for every service and screen, by area. */

// The product
export const PRODUCT_NAME = 'Learner Logbook';
export const PRODUCT_SHORT_NAME = 'Logbook';
export const PRIVATE_SERVICE_STATEMENT =
  'Learner Logbook is a private service and is not associated with any government body.';
export const COPYRIGHT_LINE = '© 2025 Learner Logbook. All rights reserved.';

// Billing
export const PRICE_AUD = 0.99;
export const PRICE_CURRENCY = 'AUD';
export const PRICE_CENTS = 99;
/** The price as screens, emails and invoices say it: GST (10%) is included in it. */
export const PRICE_TEXT = `A$${PRICE_AUD.toFixed(2)} a month incl. GST`;
export const PRICE_LOOKUP_KEY = 'learner_logbook_monthly_aud_099';
export const TRIAL_DAYS = 30;
export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const DEFAULT_SUBSCRIPTION_STATUS: SubscriptionStatus = 'inactive';
/**
 * What the parent must do for a subscription that exists but is not paid up: pay (a failed or missing payment, a
 * trial that ended without a card) or confirm a payment the bank wants authenticated (3-D Secure).
 */
export const SUBSCRIPTION_NEXT_STEPS = ['payment_needed', 'confirm_payment'] as const;
export type SubscriptionNextStep = (typeof SUBSCRIPTION_NEXT_STEPS)[number];
/** Stripe's minimum charge in Australian dollars, in cents: a smaller non-zero invoice is carried to the next one. */
export const MIN_CHARGE_CENTS = 50;

export const COUPON_DEFAULTS = { discountPercent: 0, isActive: true, usedCount: 0 } as const;

// Targets and progress
/** The one reading kept everywhere: 75 day and 25 night, total 100. */
export const DEFAULT_DAY_TARGET_HOURS = 75;
export const DEFAULT_NIGHT_TARGET_HOURS = 25;
export const MIN_TARGET_HOURS = 0;
export const MAX_TARGET_HOURS = 200;
export const SETTING_KEYS = ['dayTimeTargetHours', 'nightTimeTargetHours'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export const DEFAULT_SETTINGS: Record<SettingKey, number> = {
  dayTimeTargetHours: DEFAULT_DAY_TARGET_HOURS,
  nightTimeTargetHours: DEFAULT_NIGHT_TARGET_HOURS,
};

export const BADGE_THRESHOLDS = { complete: 100, almostThere: 75, halfway: 50 } as const;
export const PROGRESS_BADGES = {
  complete: 'Complete!',
  almostThere: 'Almost There!',
  halfway: 'Halfway There',
  gettingStarted: 'Getting Started',
} as const;
export type ProgressBadge = (typeof PROGRESS_BADGES)[keyof typeof PROGRESS_BADGES];

// Driving sessions
export const TIME_OF_DAY = ['day', 'night'] as const;
export type TimeOfDay = (typeof TIME_OF_DAY)[number];
export const TRAFFIC_CONDITIONS = ['light', 'medium', 'heavy'] as const;
export type TrafficConditions = (typeof TRAFFIC_CONDITIONS)[number];
export const ROAD_CONDITIONS = ['sealed', 'unsealed', 'quiet-streets', 'busy-road', 'multi-laned'] as const;
export type RoadConditions = (typeof ROAD_CONDITIONS)[number];

export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = { day: 'Day', night: 'Night' };
export const TRAFFIC_LABELS: Record<TrafficConditions, string> = { light: 'Light', medium: 'Medium', heavy: 'Heavy' };
export const ROAD_LABELS: Record<RoadConditions, string> = {
  sealed: 'Sealed',
  unsealed: 'Unsealed',
  'quiet-streets': 'Quiet streets',
  'busy-road': 'Busy road',
  'multi-laned': 'Multi-laned',
};
export const WEATHER_CONDITIONS = ['clear', 'overcast', 'rain', 'fog'] as const;
export type WeatherConditions = (typeof WEATHER_CONDITIONS)[number];
export const WEATHER_LABELS: Record<WeatherConditions, string> = {
  clear: 'Clear',
  overcast: 'Overcast',
  rain: 'Rain',
  fog: 'Fog',
};

/** A logged entry is never changed: it stays in force, or is superseded by a correction, or is removed. */
/** 'awaiting' and 'declined': asked of a supervisor on their own phone, not (yet) signed; never counted. */
export const SESSION_STATUSES = ['in_force', 'superseded', 'removed', 'awaiting', 'declined'] as const;
export const SIGNATURE_PAD = {
  width: 400,
  height: 150,
  lineWidth: 2,
  color: '#000000',
  background: '#ffffff',
} as const;
/** Largest decoded signature image the server stores. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
export const GEOLOCATION = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 } as const;

export const DRAFTS_STORAGE_KEY = 'draftSessions';
export const formDraftStorageKey = (studentId: number | string) => `driving-session-draft-${studentId}`;

// Screens
export const QR_CODE = { width: 300, margin: 2, dark: '#000000', light: '#ffffff', smallPx: 64, largePx: 256 } as const;
export const FORM_STEPS = { current: 1, total: 3 } as const;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_LIMIT = 1;
export const STUDENT_FORM_REDIRECT_DELAY_MS = 100;

// Signing in
/** Cookie names: parent and student sessions are separate so one browser can hold both. */
export const PARENT_COOKIE = 'll_parent';
export const STUDENT_COOKIE = 'll_student';

// The longest each typed text may be
export const TEXT_LIMITS = {
  name: 100,
  license: 50,
  vehicleRegistration: 12,
  suburb: 120,
  email: 254,
  password: 128,
  username: 64,
  changeReason: 500,
} as const;

// Passwords
/** Shortest new password: parents keep the 6 of registration; a student login, often set by a parent for a child, needs 8. */
export const PASSWORD_MIN = { parent: 6, student: 8 } as const;
