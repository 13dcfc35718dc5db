import { defineMessages } from 'react-intl';

export const partnerWords = defineMessages({
  title: { id: 'partner.title', defaultMessage: 'Partner portal' },
  intro: {
    id: 'partner.intro',
    defaultMessage:
      'The students you referred or applied for, while they agree: each application’s status and universities, never their documents, passport or messages. Changes show here as they happen.',
  },
  students: { id: 'partner.students', defaultMessage: 'Your students' },
  apply: { id: 'partner.apply', defaultMessage: 'Apply for a student' },
  export: { id: 'partner.export', defaultMessage: 'Download CSV' },
  status: { id: 'partner.status', defaultMessage: 'Status' },
  allStatuses: { id: 'partner.allStatuses', defaultMessage: 'All statuses' },
  search: { id: 'partner.search', defaultMessage: 'Student’s name' },
  loading: { id: 'partner.loading', defaultMessage: 'Loading your students…' },
  empty: { id: 'partner.empty', defaultMessage: 'No students here yet.' },
  choices: { id: 'partner.choices', defaultMessage: 'Universities' },
  withdrawn: { id: 'partner.withdrawn', defaultMessage: 'Withdrawn by the student' },
  unsuccessful: { id: 'partner.unsuccessful', defaultMessage: 'Closed: unsuccessful' },
  firm: { id: 'partner.reply.firm', defaultMessage: 'firm choice' },
  insurance: { id: 'partner.reply.insurance', defaultMessage: 'insurance choice' },
  declined: { id: 'partner.reply.declined', defaultMessage: 'declined' },
  commission: { id: 'partner.commission', defaultMessage: 'Your commission' },
  noCommission: {
    id: 'partner.noCommission',
    defaultMessage:
      'No commission yet: a line appears when a student’s firm offer becomes unconditional.',
  },
  student: { id: 'partner.student', defaultMessage: 'Student' },
  university: { id: 'partner.university', defaultMessage: 'University' },
  share: { id: 'partner.share', defaultMessage: 'Your share' },
  lineStatus: { id: 'partner.lineStatus', defaultMessage: 'Status' },
  expected: { id: 'partner.line.expected', defaultMessage: 'Expected' },
  invoiced: { id: 'partner.line.invoiced', defaultMessage: 'Invoiced' },
  paid: { id: 'partner.line.paid', defaultMessage: 'Paid' },
  cancelled: { id: 'partner.line.cancelled', defaultMessage: 'Cancelled' },
  inviteTitle: { id: 'partner.invite.title', defaultMessage: 'Your team' },
  inviteIntro: {
    id: 'partner.invite.intro',
    defaultMessage:
      'A colleague gets an e-mail with a link to set a password, then sets up two-step verification.',
  },
  email: { id: 'partner.invite.email', defaultMessage: 'Colleague’s e-mail' },
  name: { id: 'partner.invite.name', defaultMessage: 'Name (optional)' },
  send: { id: 'partner.invite.send', defaultMessage: 'Send invitation' },
  invited: { id: 'partner.invite.pending', defaultMessage: 'invited' },
  referralsTitle: { id: 'partner.referrals.title', defaultMessage: 'Students you referred' },
  refer: { id: 'partner.referrals.refer', defaultMessage: 'Refer a student' },
  referralsLoading: { id: 'partner.referrals.loading', defaultMessage: 'Loading your referrals…' },
  referralsEmpty: {
    id: 'partner.referrals.empty',
    defaultMessage: 'None yet: the students you refer while signed in show here.',
  },
});

/** Where a referred student has got to (PartnerReferralView.state). */
export const referralStates = defineMessages({
  referred: {
    id: 'partner.referrals.state.referred',
    defaultMessage: 'Referred: our team will contact them',
  },
  invited: { id: 'partner.referrals.state.invited', defaultMessage: 'Invited to apply' },
  applied: { id: 'partner.referrals.state.applied', defaultMessage: 'Applied' },
});

/** The headline statuses, with the words the student's own pages use. */
export const statusNames = defineMessages({
  submitted: { id: 'track.status.submitted', defaultMessage: 'Submitted' },
  reviewed: { id: 'track.status.reviewed', defaultMessage: 'Reviewed' },
  applied: { id: 'track.status.applied', defaultMessage: 'Applied' },
  offered: { id: 'track.status.offered', defaultMessage: 'Offered' },
  accepted: { id: 'track.status.accepted', defaultMessage: 'Accepted' },
});

export { choiceStates } from '../../components/casework/choice-states';
