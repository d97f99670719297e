import { VALIDATION } from '@logbook/contracts/messages';

type Schemas = typeof import('@logbook/contracts/schemas');

/** A new password and its confirmation, with the registration rules and messages; the confirmation is never sent. */
export const newPasswordFormSchema = (schemas: Schemas) =>
  schemas.registerSchema
    .pick({ password: true })
    .extend({ confirmPassword: schemas.registerFormSchema.shape.confirmPassword })
    .refine((v) => v.password === v.confirmPassword, {
      message: VALIDATION.passwordsDontMatch,
      path: ['confirmPassword'],
    });
