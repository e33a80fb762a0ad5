/**
 * Texts of the web app that the specification leaves open ("not shown"). The spec's own texts
 * come from MSG of @sweepline/domain; these are ours, listed in docs/web.md.
 */
export const TEXTS = {
  error: 'Error',
  signUpCheckMail:
    'Please check your e-mail and follow the link in it to activate your account. ' +
    'If the mail is not in your inbox, check your junk mail.',
  forgetPassSent: 'Email Sent',
  forgetPassCheckMail: 'Please check your e-mail and follow the link in it to reset your password.',
  passwordChanged: 'Password Changed',
  passwordChangedFor: (email: string) => `The password for ${email} has been changed.`,
  activated: 'Your account is activated. You can log in now.',
  activationFailed: 'Activation failed',
  /** The same words as the API's reply to PUT /user/reactivate for an active user. */
  userAlreadyActive: 'The user is already active',
  resetMailSent: (email: string) => `A password reset e-mail was sent to ${email}`,
  activationMailSent: (email: string) => `A new activation e-mail was sent to ${email}`,
  userActive: 'Activated',
  userWaiting: 'Waiting to activate',
  /** The info of a signed-in user sent away from a page their role may not use. */
  settingsOnlyManager: 'Settings are for the manager of the account.',
  historyOnlyManager: 'History is for the managers of the account.',
  backOfficeOnlyAdmin: 'The back office is for the provider administrator only.',
} as const;
