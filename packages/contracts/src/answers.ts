// Written by scripts/answerShapes.ts (npm run answers) from the schemas named: do not edit by hand.
// The shape of each answer the screens read, so reading one needs no validation library (answer-shape.ts).
import type { z } from 'zod';
import type { Answer } from './answer-shape';
import { ANSWERED_FIELD_SHAPES, SIGNING_FIELD_SHAPES } from './session-field-places';
import type { familyMessageSchema, familySchema, invitationSchema } from './family';
import type { openingBalanceResponseSchema } from './opening-balance';
import type { progressSummarySchema } from './progress-summary';
import type { readinessSchema } from './readiness-schema';
import type {
  errorResponseSchema,
  insightsViewSchema,
  sessionListSchema,
  settingListSchema,
  subscriptionViewSchema,
  verificationAnswerSchema,
} from './responses';
import type {
  billingConfigSchema,
  createSubscriptionResponseSchema,
  studentAuthSchema,
  studentSchema,
  supervisorListSchema,
  supervisorSchema,
  userSchema,
  vehicleListSchema,
} from './schemas';
import type { signOffDoneSchema, signOffEntrySchema } from './sign-off';

export const errorAnswer: Answer<z.output<typeof errorResponseSchema>> = { shape: { object: { message: 'string' } } };
export const userAnswer: Answer<z.output<typeof userSchema>> = { shape: { object: { id: 'int', email: 'string' } } };
export const studentAnswer: Answer<z.output<typeof studentSchema>> = {
  shape: {
    object: {
      id: 'int',
      firstName: 'string',
      lastName: 'string',
      dateOfBirth: 'string',
      licenseNumber: { nullable: { optional: 'string' } },
      permitDate: { nullable: { optional: 'string' } },
      courses: { optional: { array: { object: { id: 'string', completedOn: 'string' } } } },
      subscriptionStatus: 'string',
      hasStudentLogin: 'boolean',
      studentUsername: { nullable: { optional: 'string' } },
      createdAt: 'string',
    },
  },
};
export const studentListAnswer: Answer<z.output<typeof studentSchema>[]> = { shape: { array: studentAnswer.shape } };
export const studentAuthAnswer: Answer<z.output<typeof studentAuthSchema>> = {
  shape: {
    object: {
      student: { object: { id: 'int', firstName: 'string', lastName: 'string', subscriptionStatus: 'string' } },
    },
  },
};
export const supervisorAnswer: Answer<z.output<typeof supervisorSchema>> = {
  shape: {
    object: {
      id: 'int',
      name: 'string',
      licenseNumber: 'string',
      isInstructor: 'boolean',
      licenceState: { optional: { nullable: 'string' } },
      fullLicenceYear: { optional: { nullable: 'int' } },
      email: { optional: { nullable: 'string' } },
      lastUsedAt: { nullable: 'string' },
      createdAt: 'string',
    },
  },
};
export const supervisorListAnswer: Answer<z.output<typeof supervisorListSchema>> = {
  shape: { object: { supervisors: { array: supervisorAnswer.shape } } },
};
export const vehicleListAnswer: Answer<z.output<typeof vehicleListSchema>> = {
  shape: {
    object: {
      recorded: { object: { registration: 'boolean', odometer: 'boolean' } },
      state: { optional: { oneOf: ['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT'] } },
      vehicles: {
        array: { object: { registration: 'string', lastOdometer: { nullable: 'int' }, lastUsedAt: 'string' } },
      },
    },
  },
};
export const billingConfigAnswer: Answer<z.output<typeof billingConfigSchema>> = {
  shape: { object: { provider: { oneOf: ['stripe', 'simulated'] }, publishableKey: { optional: 'string' } } },
};
export const createSubscriptionAnswer: Answer<z.output<typeof createSubscriptionResponseSchema>> = {
  shape: {
    object: {
      subscriptionId: 'string',
      clientSecret: { nullable: 'string' },
      type: { oneOf: ['setup', 'payment', 'none'] },
    },
  },
};
export const subscriptionViewAnswer: Answer<z.output<typeof subscriptionViewSchema>> = {
  shape: {
    object: {
      studentId: 'int',
      status: { oneOf: ['inactive', 'active', 'past_due', 'canceled', 'incomplete'] },
      subscriptionId: { nullable: 'string' },
      trialEnd: { nullable: 'string' },
      currentPeriodEnd: { nullable: 'string' },
      cancelAtPeriodEnd: 'boolean',
      trialAvailable: 'boolean',
      nextStep: { optional: { nullable: { oneOf: ['payment_needed', 'confirm_payment'] } } },
      accountDisputed: { optional: 'boolean' },
    },
  },
};
export const sessionListAnswer: Answer<z.output<typeof sessionListSchema>> = {
  shape: {
    array: {
      object: {
        id: 'int',
        ...ANSWERED_FIELD_SHAPES,
        clientId: 'string',
        hash: { optional: 'string' },
        createdAt: 'string',
        status: { optional: { oneOf: ['in_force', 'superseded', 'removed', 'awaiting', 'declined'] } },
        supersededBy: { optional: { nullable: 'int' } },
        changeReason: { optional: { nullable: 'string' } },
        changedAt: { optional: { nullable: 'string' } },
        signOff: {
          optional: {
            object: {
              status: { oneOf: ['awaiting', 'signed', 'declined', 'cancelled'] },
              signedAt: { optional: 'string' },
              remote: { oneOf: [true] },
              supervisorEmail: { optional: 'string' },
              declineReason: { optional: 'string' },
            },
          },
        },
      },
    },
  },
};
export const settingListAnswer: Answer<z.output<typeof settingListSchema>> = {
  shape: { array: { object: { key: 'string', value: 'string' } } },
};
export const insightsViewAnswer: Answer<z.output<typeof insightsViewSchema>> = {
  shape: {
    object: {
      hoursPerWeek: { array: 'number' },
      averageWeeklyHours: 'number',
      forecastDate: { nullable: 'string' },
      counts: {
        object: {
          timeOfDay: { record: 'number' },
          traffic: { record: 'number' },
          road: { record: 'number' },
          weather: { optional: { record: 'number' } },
        },
      },
      notPractised: { array: 'string' },
      today: 'string',
      totalTarget: 'number',
      hoursRemaining: 'number',
      paceText: 'string',
      notPractisedText: 'string',
    },
  },
};
export const progressSummaryAnswer: Answer<z.output<typeof progressSummarySchema>> = {
  shape: {
    object: {
      dayHours: 'number',
      nightHours: 'number',
      totalHours: 'number',
      targets: { object: { day: 'number', night: 'number', total: 'number' } },
      percent: { object: { day: 'number', night: 'number', total: 'number' } },
      remaining: { object: { day: 'number', night: 'number', total: 'number' } },
      badge: 'string',
      sessionCount: 'number',
      bonusHours: { optional: 'number' },
      instructorLessons: { optional: 'number' },
      courseHours: { optional: 'number' },
      courses: { optional: { array: { object: { id: 'string', name: 'string', hours: 'number' } } } },
      openingBalance: {
        optional: { nullable: { object: { dayHours: 'number', nightHours: 'number', note: { optional: 'string' } } } },
      },
      state: { optional: { oneOf: ['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT'] } },
      awaitingSignature: { optional: { object: { sessionCount: 'int', hours: 'number' } } },
    },
  },
};
export const readinessAnswer: Answer<z.output<typeof readinessSchema>> = {
  shape: {
    object: {
      ready: 'boolean',
      earliestTestDate: { nullable: 'string' },
      checks: {
        array: {
          object: {
            id: { oneOf: ['hours', 'night-hours', 'courses', 'permit-time', 'entries', 'supervisors'] },
            ok: 'boolean',
            message: 'string',
            source: 'string',
          },
        },
      },
    },
  },
};
export const openingBalanceAnswer: Answer<z.output<typeof openingBalanceResponseSchema>> = {
  shape: { object: { dayHours: 'number', nightHours: 'number', note: 'string' } },
};
export const signOffEntryAnswer: Answer<z.output<typeof signOffEntrySchema>> = {
  shape: {
    object: {
      learner: 'string',
      ...SIGNING_FIELD_SHAPES,
      supervisorRule: { object: { state: 'string', fullLicenceYears: 'int' } },
      expiresAt: 'string',
    },
  },
};
export const signOffDoneAnswer: Answer<z.output<typeof signOffDoneSchema>> = {
  shape: {
    object: {
      status: { oneOf: ['signed', 'declined'] },
      signedAt: { optional: 'string' },
      supervisorRuleNotMet: 'boolean',
    },
  },
};
export const familyAnswer: Answer<z.output<typeof familySchema>> = {
  shape: {
    object: {
      guardians: { array: { object: { id: 'int', email: 'string', billingOwner: 'boolean', you: 'boolean' } } },
      invitations: { array: { object: { email: 'string', expiresAt: 'string' } } },
      maxGuardians: 'int',
    },
  },
};
export const invitationAnswer: Answer<z.output<typeof invitationSchema>> = {
  shape: { object: { email: 'string', expiresAt: 'string' } },
};
export const familyMessageAnswer: Answer<z.output<typeof familyMessageSchema>> = {
  shape: { object: { message: 'string' } },
};
export const verificationAnswer: Answer<z.output<typeof verificationAnswerSchema>> = {
  shape: {
    object: {
      intact: 'boolean',
      initials: 'string',
      sessionCount: 'int',
      totalHours: 'number',
      dayHours: 'number',
      nightHours: 'number',
      correctionCount: 'int',
      removalCount: 'int',
      checkedAt: 'string',
      brokenAt: {
        optional: {
          object: {
            entry: 'int',
            date: { nullable: 'string' },
            hash: { nullable: 'string' },
            problem: { oneOf: ['changed', 'missing'] },
          },
        },
      },
    },
  },
};
