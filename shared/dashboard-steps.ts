/**
 * How an application submitted signed out joins a dashboard (D2: only on proof, the e-mailed
 * tracking link opened while signed in). One wording for the confirmation screen and e-mail.
 */
export const dashboardSteps = {
  title: 'To follow it on your dashboard',
  account: (email: string) => `Create an account or sign in with ${email}.`,
  openLink:
    'Then open the tracking link from the confirmation e-mail while signed in: the application is added to your dashboard (My Applications).',
  signedIn: 'It is on your dashboard: open My Applications to follow it.',
  signedInOther:
    'It is on the dashboard of the account you are signed in with (My Applications). We e-mail updates to the address on the application.',
} as const;
