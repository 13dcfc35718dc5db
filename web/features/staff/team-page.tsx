import type { TeamMember } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { formatDay } from './format';
import { InviteForm } from './invite-form';
import { useTeam, useTeamAction } from './staff-api';

function MemberActions({ member, isSelf }: { member: TeamMember; isSelf: boolean }) {
  const action = useTeamAction();
  const label = member.name || member.email;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`role-${member.id}`}>
        Role of {label}
      </label>
      <select
        id={`role-${member.id}`}
        value={member.role}
        disabled={action.isPending}
        onChange={(e) =>
          action.mutate({ path: `/${member.id}/role`, body: { role: e.target.value } })
        }
        className="rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm"
      >
        <option value="consultant">Consultant</option>
        <option value="admin">Admin</option>
        <option value="applicant">Applicant (no staff access)</option>
      </select>
      {!isSelf &&
        (member.deactivatedAt ? (
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() => action.mutate({ path: `/${member.id}/reactivate` })}
          >
            Reactivate<span className="sr-only"> {label}</span>
          </Button>
        ) : (
          <Button
            variant="danger"
            disabled={action.isPending}
            onClick={() => action.mutate({ path: `/${member.id}/deactivate` })}
          >
            Deactivate<span className="sr-only"> {label}</span>
          </Button>
        ))}
      {action.isError && (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {action.error.message}
        </p>
      )}
    </div>
  );
}

function State({ member }: { member: TeamMember }) {
  if (member.deactivatedAt)
    return (
      <span className="font-medium text-red-700">
        Deactivated {formatDay(member.deactivatedAt)}
      </span>
    );
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
      {team.isError && <Alert tone="error">{team.error.message}</Alert>}
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
    </div>
  );
}
