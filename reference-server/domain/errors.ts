import type { FaultCode } from '../../spec/soap-operations.ts';

export type { FaultCode } from '../../spec/soap-operations.ts';

/**
 * Coded domain errors. The code is the §7.1 number the SOAP side sends as faultcode
 * (a code spec/soap-operations.ts does not know is a compile error); the REST side maps errors to
 * statuses itself.
 */
export class DomainError extends Error {
  constructor(
    readonly code: FaultCode,
    message: string,
  ) {
    super(message);
  }
}

/** Messages of the real system (docs/real-system.md, "SOAP faults"), by code. */
export const MESSAGES = {
  invalidProject: 'Invalid project id',
  invalidSession: 'Invalid session',
  notProjectAdmin: 'Permission denied: need to be project admin.',
  notSiteAdmin: 'Only site admin is allowed to create project on behalf of users',
  notTemplate: 'Project is not a template',
  quota: 'The number of SOAP call exceeded quota.',
  creationFailure: 'Project creation failure',
  invalidUserLogin: 'Invalid user login',
  notMember: 'User not member of project',
  serviceMissing: 'The service does not exist',
  noDescriptionFields: 'No custom project description fields',
  descriptionFieldMissing: 'The given project description field does not exist',
  ugroupMissing: 'Invalid ugroup exception',
  noGenericUser: 'Generic User does not exist',
  genericUserNotCreated: 'Generic User is not created for this project',
  genericUserFailure: 'Generic user creation failure',
} as const;
