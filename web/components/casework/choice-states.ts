import { defineMessages } from 'react-intl';

/** A university choice's state, in the words the student's page and the partner's page use. */
export const choiceStates = defineMessages({
  not_sent: { id: 'casework.choices.state.notSent', defaultMessage: 'Not sent yet' },
  sent: {
    id: 'casework.choices.state.sent',
    defaultMessage: 'Sent, waiting for the university’s decision',
  },
  conditional_offer: {
    id: 'casework.choices.state.conditionalOffer',
    defaultMessage: 'Conditional offer',
  },
  unconditional_offer: {
    id: 'casework.choices.state.unconditionalOffer',
    defaultMessage: 'Unconditional offer',
  },
  unsuccessful: { id: 'casework.choices.state.unsuccessful', defaultMessage: 'Unsuccessful' },
  withdrawn: { id: 'casework.choices.state.withdrawn', defaultMessage: 'Withdrawn' },
});
