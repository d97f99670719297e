import { formatDisplayDate } from './dates';

/** Every validation and notification text the product shows, named once so front and back say the same words. */
export const VALIDATION = {
  required: 'Required',
  invalidInput: 'Invalid input',
  /** Any free text with a control, invisible or text-direction character (NUL, CR/LF, U+202E...). */
  hiddenCharacters: 'Use letters, numbers and punctuation only: no control or text-direction characters',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Date of birth must be a real date (YYYY-MM-DD)',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  permitDateInvalid: "The learner's permit date must be a real date (YYYY-MM-DD), not in the future",
  fullLicenceYearInvalid: 'The year of the full licence must be a year from 1940 to this year',
  vehicleRegistrationInvalid: 'The vehicle registration must be at most 12 characters',
  odometerInvalid: 'An odometer reading must be a whole number of kilometres',
  odometerEndBeforeStart: 'The odometer at the end cannot be below the odometer at the start',
  vehicleRegistrationRequired: "Your state's log book records the vehicle registration on every drive",
  odometerStartRequired: "Your state's log book records the odometer at the start of every drive",
  odometerEndRequired: "Your state's log book records the odometer at the end of every drive",
  ruleDateInvalid: 'The date must be a real date (YYYY-MM-DD)',
  nameTooLong: 'Must be at most 100 characters',
  licenseTooLong: 'License number must be at most 50 characters',
  bothUsernameAndPassword: 'Please enter both username and password',
  usernameTooLong: 'Username must be at most 64 characters',
  studentPasswordMin: 'Password must be at least 8 characters',
  passwordTooCommon: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
  targetHoursRange: 'Target hours must be a whole number from 0 to 200',
  unknownSettingKey: 'Unknown setting',
  stateInvalid: 'Please choose an Australian state or territory',
  // Session form
  studentIdRequired: 'Student ID is required',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a real date (YYYY-MM-DD)',
  dateInFuture: 'Date cannot be in the future',
  dateBeforeBirth: "Date cannot be before the student's date of birth",
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  timeInvalid: 'Time must be in HH:MM format',
  sameStartAndEnd: 'End time must be different from start time',
  durationRequired: 'Duration is required',
  durationMismatch: 'Duration does not match the start and end times',
  startSuburbRequired: 'Start suburb is required',
  endSuburbRequired: 'End suburb is required',
  suburbTooLong: 'Suburb must be at most 120 characters',
  timeOfDayRequired: 'Time of day is required',
  trafficRequired: 'Traffic conditions are required',
  roadRequired: 'Road conditions are required',
  weatherRequired: 'Please select weather conditions',
  changeReasonRequired: 'Please give a reason',
  changeReasonTooLong: 'Reason must be at most 500 characters',
  studentSignatureRequired: 'Student signature is required',
  supervisorSignatureRequired: 'Supervisor signature is required',
  signatureInvalid: 'Signature must be a PNG image',
  signatureTooLarge: 'Signature image is too large',
  supervisorNameRequired: 'Supervisor name is required',
  supervisorLicenseRequired: "Supervisor's license number is required",
  clientIdInvalid: 'clientId must be a UUID',
  fromDateInvalid: 'fromDate must be a real date (YYYY-MM-DD)',
  toDateInvalid: 'toDate must be a real date (YYYY-MM-DD)',
  timeOfDayInvalid: "timeOfDay must be 'day' or 'night'",
  dateRangeInvalid: 'fromDate must not be after toDate',
  todayInvalid: 'today must be a real date (YYYY-MM-DD)',
  couponInvalid: 'Coupon code is not valid',
} as const;

export const TOASTS = {
  loginSuccess: { title: 'Login successful', description: 'Welcome back!' },
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid credentials',
  networkError: 'An error occurred. Please try again.',
  registrationSuccess: {
    title: 'Registration successful',
    description: 'Your account has been created. You can now sign in.',
  },
  registrationFailed: 'Registration failed',
  registrationError: 'An error occurred during registration',
  error: 'Error',
  genericError: 'An error occurred',
  authRequired: { title: 'Authentication required', description: 'Please log in to create students' },
  studentCreated: 'Student created',
  studentUpdated: 'Student updated',
  studentLoginCreated: 'Student login created successfully',
  studentLoginUpdated: 'Student login updated successfully',
  studentLoginDeleted: 'Student login deleted successfully',
  studentLoginCreateFailed: 'Failed to create student login',
  studentLoginUpdateFailed: 'Failed to update student login',
  studentLoginDeleteFailed: 'Failed to delete student login',
  subscriptionCreateFailed: 'Failed to create subscription',
  subscriptionCreateNetwork: 'Failed to create subscription. Please try again.',
  subscriptionCreated: {
    title: 'Subscription Created Successfully!',
    description: 'Your 30-day free trial has started.',
  },
  cancelFailed: 'Failed to cancel subscription',
  subscriptionCanceled: 'Subscription Canceled',
  paymentFailed: 'Payment Failed',
  paymentUnexpected: 'An unexpected error occurred. Please try again.',
  paymentSuccess: 'Payment Successful!',
  stripeLoadFailed: 'The payment form could not be loaded. Check your connection and try again.',
  settingsUpdated: 'Settings updated',
  settingsFailed: 'Failed to update settings. Please try again.',
  draftDeleted: 'Draft deleted',
  draftDeleteFailed: 'Failed to delete draft session.',
  studentLoginFailed: 'Login Failed',
  welcomeBack: (firstName: string) => `Welcome back ${firstName}`,
  logoutFailed: 'Failed to logout',
  urlCopied: 'URL copied to clipboard',
  urlCopyFailed: 'Failed to copy URL',
  locationErrorTitle: 'Location Error',
  locationFoundTitle: 'Location Found',
  locationFound: (place: string) => `Current location: ${place}`,
  draftLoadedTitle: 'Draft Loaded',
  draftLoadedById: 'Your saved draft has been loaded for editing.',
  draftLoadedStored: 'Your previously saved draft has been loaded.',
  draftSavedTitle: 'Draft Saved',
  draftSaved: 'Your session has been saved as a draft.',
  draftStudentIdRequired: 'Student ID is required to save draft.',
  draftSaveFailed: 'Failed to save draft.',
  sessionCreateFailed: 'Failed to create driving session.',
  sessionLogged: 'Driving session has been logged successfully.',
  sessionQueuedTitle: 'Saved offline',
  sessionQueued: "You're offline. This session is saved on this device and will be sent when you're back online.",
  sessionReturnedToDraft: 'A session could not be sent and was kept as a draft',
} as const;

/** Asked at sign-out while sessions of this account still wait on this device to be sent. */
export const SIGN_OUT_WAITING = {
  title: 'Some sessions have not been sent yet',
  description: (count: number) =>
    `${count === 1 ? '1 session has' : `${count} sessions have`} not been sent yet. ` +
    "They are kept safely on this device, and if you sign out they'll be sent the next time you sign in here.",
  stillWaiting: "They still couldn't be sent. Check your connection and try again, or sign out: nothing will be lost.",
  sendNow: 'Try sending now',
  stay: 'Stay signed in',
  signOut: 'Sign out anyway',
} as const;

export const LOCATION_ERRORS = {
  notSupported: 'Geolocation is not supported by this browser.',
  denied: 'Location access denied by user.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  failed: 'Failed to get location.',
  nameFailed: 'Failed to get location name.',
} as const;
export const UNKNOWN_LOCATION = 'Unknown location';
export const LOCATION_UNAVAILABLE = 'Location unavailable';

export const DELETE_LOGIN_CONFIRMATION =
  "Are you sure you want to delete this student's login? They will no longer be able to access their account.";

export const OFFLINE_BANNER = {
  title: "You're offline",
  description: "You can still use the app. Changes will sync when you're back online.",
} as const;
export const INSTALL_PROMPT = { description: 'Get quick access on your home screen' } as const;

export const NOT_FOUND_TITLE = '404 Page Not Found';
export const SESSION_SCREEN_ERRORS = {
  noStudentId: 'No Student ID',
  errorLoading: 'Error Loading Student',
  notFound: 'Student Not Found',
} as const;
export const httpErrorStatus = (code: number) => `HTTP error! status: ${code}`;

/** Messages the services answer with (the front end shows them as they are). */
export const API_ERRORS = {
  unauthenticated: 'Please sign in',
  invalidCredentials: 'Invalid credentials',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  notFound: 'Not found',
  studentNotFound: 'Student not found',
  verificationNotFound: 'No log book has this verification code',
  sessionNotFound: 'Session not found',
  sessionNotInForce: 'This entry has already been corrected or removed',
  /** The times of a new entry or a correction overlap another drive of the learner that counts or awaits a signature. */
  sessionOverlaps: (date: string, startTime: string, endTime: string) =>
    `These times overlap a drive already logged for this learner on ${formatDisplayDate(date)} from ${startTime} to ${endTime}. ` +
    'Please check the start and end times: the drive may already have been logged on another phone.',
  correctionSameStudent: 'A correction must be for the same student',
  onlyParentsChangeEntries: 'Only a parent can correct or remove an entry',
  supervisorNotFound: 'Supervisor not found',
  supervisorExists: 'A saved supervisor already has this name and licence number',
  onlyParentsChangeSupervisors: 'Only a parent can change or remove a saved supervisor',
  invalidId: 'Invalid id',
  usernameTaken: 'That username is already taken',
  subscriptionRequired: 'An active subscription is required',
  noLogin: 'This student has no login',
  loginExists: 'This student already has a login',
  alreadySubscribed: 'This student already has a subscription',
  nothingToCancel: 'This student has no subscription to cancel',
  crossOrigin: 'Cross-origin request refused',
  bodyTooLarge: 'Request body is too large',
  bodyNotJson: 'Request body must be JSON',
  malformedJson: 'Malformed JSON body',
  unsupportedBody: 'Request body must be JSON in UTF-8',
  malformedAddress: 'The address of this request is not valid',
  unreadableRequest: 'The request could not be read',
  serviceUnavailable: 'Service unavailable. Please try again shortly.',
  tooManySigningIn: 'Too many people are signing in right now. Please try again in a moment.',
  serviceTimeout: 'The service took too long to answer. Please try again.',
  badGateway: 'The service could not be reached. Please try again.',
  internal: 'Something went wrong. Please try again.',
  databaseUnavailable: 'The database is unavailable. Please try again shortly.',
} as const;

/** A refusal of a new password that names one of the password rules (rather than a link or the current password). */
export const isPasswordRuleMessage = (message: string | undefined): boolean =>
  message === VALIDATION.passwordMin ||
  message === VALIDATION.passwordTooLong ||
  message === VALIDATION.passwordTooCommon;

/** The forgotten-password pages. */
export const PASSWORD_RESET = {
  requestedTitle: 'Check your email',
  requested:
    "If an account uses that address, we've sent it a link to choose a new password. The link works once, within 60 minutes.",
  linkProblemTitle: 'This link no longer works',
  linkProblem:
    'Links to choose a new password work once and expire after 60 minutes. Ask for a new one and use the newest email.',
  askAgain: 'Ask for a new link',
  passwordSet: { title: 'Password changed', description: 'Sign in with your new password.' },
} as const;

/** The parent's account page and the removal of a student. */
export const ACCOUNT_MESSAGES = {
  passwordChanged: {
    title: 'Password changed',
    description: 'Every other device has been signed out, your students’ included.',
  },
  passwordChangeFailed: 'Failed to change password',
  currentPasswordWrong: 'Your current password is not right',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteProviderDown:
    'The payment provider could not be reached, so nothing was deleted and no subscription was stopped. Please try again in a few minutes.',
  deleteFailed: 'Failed to delete account',
  accountDeleted: { title: 'Account deleted', description: 'Your family’s data has been deleted.' },
  studentRemoved: (name: string) => `${name} removed`,
  studentRemoveFailed: 'Failed to remove student',
} as const;
