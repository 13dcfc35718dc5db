import { useLocation } from 'react-router';
import { authMessages } from '../../../shared/auth-messages';
import { Alert } from '../../components/alert';

/** After registering (D5): "confirm your e-mail", shown on the page the user lands on. */
export function RegisteredNotice({ className = '' }: { className?: string }) {
  const state = useLocation().state as { registered?: boolean } | null;
  if (!state?.registered) return null;
  return (
    <div className={className}>
      <Alert tone="success" title="Check your inbox">
        {authMessages.registered}
      </Alert>
    </div>
  );
}
