import type { Express } from 'express';
import { createServiceApp } from '@logbook/service-kit/app';
import { DrivingSessionModel, SessionSignaturesModel } from './sessions/model';
import { sessionsRouter } from './sessions/routes';
import { SettingModel } from './settings/model';
import { settingsRouter } from './settings/routes';
import { pdfRouter } from './pdf/routes';
import { SessionChainModel, VerificationCodeModel, VerificationLimitModel } from './chain/model';
import { verificationRouter } from './chain/routes';
import { insightsRouter } from './insights/routes';
import { studentEventsRouter } from './students/events';
import { StudentRecordModel } from './students/model';
import { familyRouter } from './family/routes';
import { supervisorsRouter } from './supervisors/routes';
import { readinessRouter } from './readiness/routes';
import { rulesRouter } from './rules/routes';
import { SupervisorModel } from './supervisors/model';
import { VehicleModel } from './vehicles/model';
import { vehiclesRouter } from './vehicles/routes';
import { SignOffLinkModel, SignOffRequestModel } from './sign-off/model';
import { signOffRouter } from './sign-off/routes';

/** The collections this service owns (their indexes are created at start). */
export const logbookModels = [
  StudentRecordModel,
  DrivingSessionModel,
  SessionSignaturesModel,
  SettingModel,
  SessionChainModel,
  VerificationCodeModel,
  VerificationLimitModel,
  SupervisorModel,
  VehicleModel,
  SignOffLinkModel,
  SignOffRequestModel,
];

export function createLogbookApp(): Express {
  return createServiceApp({
    name: 'svc-logbook',
    // The session form sends two signature images of up to 200 KB each, base64-encoded.
    jsonLimit: '600kb',
    routers: [
      readinessRouter,
      rulesRouter,
      sessionsRouter,
      pdfRouter,
      settingsRouter,
      verificationRouter,
      insightsRouter,
      studentEventsRouter,
      familyRouter,
      supervisorsRouter,
      vehiclesRouter,
      signOffRouter,
    ],
  });
}
