import type { TeamMember } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { formatDay } from './format';
import { DataRequests } from './data-requests';
import { InviteForm } from './invite-form';
import { MemberActions } from './member-actions';
import { useTeam } from './staff-api';
import { ErrorText } from '../../components/error-text';

function State({ member }: { member: TeamMember }) {
  if (member.deactivatedAt)
    return (
      <span className="font-medium text-red-700">
        Deactivated {formatDay(member.deactivatedAt)}
      </span>
    );
  if (member.role === 'applicant')
    return <span className="text-muted">Former staff, no access</span>;
  if (!member.hasSignedUp) return <span className="text-amber-800">Invited, no password yet</span>;
  return <span className="text-green-800">Active</span>;
}

export function TeamPage({ currentUserId }: { currentUserId: string }) {
  usePageTitle('Team · Staff console');
  const team = useTeam();
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-ink">Team</h1>
      <InviteForm />
      {team.isPending && <Spinner label="Loading the team…" />}
      {team.isError && (
        <Alert tone="error">
          <ErrorText error={team.error} />
        </Alert>
      )}
      {team.data && (
        <ul
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          aria-label="Team members"
        >
          {team.data.map((m) => (
            <li
              key={m.id}
              className="grid gap-2 p-3 md:grid-cols-[1fr_13rem_24rem] md:items-center"
            >
              <div>
                <p className="font-semibold text-ink">
                  {m.name || m.email}
                  {m.id === currentUserId && (
                    <span className="ml-2 text-xs font-normal text-muted">(you)</span>
                  )}
                </p>
                {m.name && <p className="text-xs text-muted">{m.email}</p>}
              </div>
              <p className="text-sm">
                <State member={m} />
              </p>
              <MemberActions member={m} isSelf={m.id === currentUserId} />
            </li>
          ))}
        </ul>
      )}
      <DataRequests />
    </div>
  );
}
