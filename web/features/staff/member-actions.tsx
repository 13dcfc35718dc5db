import { useState } from 'react';
import type { TeamMember } from '../../../shared/schemas/staff';
import { Button } from '../../components/button';
import { useTeamAction } from './staff-api';
import { ErrorText } from '../../components/error-text';

type Role = TeamMember['role'];
type Pending = { kind: 'role'; role: Role } | { kind: 'deactivate' } | null;

export const roleNames: Record<Role, string> = {
  consultant: 'Consultant',
  catalogue_editor: 'Catalogue editor',
  admin: 'Admin',
  applicant: 'Applicant (no staff access)',
};

const roleConsequence: Record<Role, string> = {
  consultant: 'They can work on applications and requests in the console.',
  catalogue_editor:
    'They can edit the catalogue (universities, programs, cost of study) and nothing else: no applications, no team.',
  admin: 'They can also manage the team and read the audit log.',
  applicant:
    'They lose access to the staff console at once; they stay listed here as former staff, and can be restored.',
};

/**
 * A role change or a deactivation takes effect only after a second, explicit click (item 11 of
 * issue 15): the select and the button only propose the change.
 */
export function MemberActions({ member, isSelf }: { member: TeamMember; isSelf: boolean }) {
  const action = useTeamAction();
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  const label = member.name || member.email;
  const isFormer = member.role === 'applicant' && !member.deactivatedAt;

  function propose(next: Pending) {
    action.reset();
    setDone(null);
    setPending(next);
  }

  function confirm() {
    if (!pending) return;
    const request =
      pending.kind === 'role'
        ? {
            path: `/${member.id}/role`,
            // the role shown: another admin's change meanwhile is a 409 (issue 25 §2)
            body: { from: member.role, role: pending.role },
            said: `${label} is now ${roleNames[pending.role].toLowerCase()}.`,
          }
        : { path: `/${member.id}/deactivate`, said: `${label} is deactivated.` };
    action.mutate(request, {
      onSuccess: () => {
        setPending(null);
        setDone(request.said);
      },
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`role-${member.id}`}>
        Role of {label}
      </label>
      <select
        id={`role-${member.id}`}
        value={pending?.kind === 'role' ? pending.role : member.role}
        disabled={action.isPending}
        onChange={(e) => {
          const role = e.target.value as Role;
          propose(role === member.role ? null : { kind: 'role', role });
        }}
        className="rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm"
      >
        {(Object.keys(roleNames) as Role[]).map((role) => (
          <option key={role} value={role}>
            {roleNames[role]}
          </option>
        ))}
      </select>
      {isFormer && !pending && (
        <Button
          variant="secondary"
          disabled={action.isPending}
          onClick={() => propose({ kind: 'role', role: 'consultant' })}
        >
          Restore <span className="sr-only">{label} </span>as consultant
        </Button>
      )}
      {!isSelf && !member.deactivatedAt && member.hasSignedUp && !pending && (
        <Button
          variant="secondary"
          disabled={action.isPending}
          onClick={() => {
            setDone(null);
            action.mutate(
              { path: `/${member.id}/end-sessions` },
              { onSuccess: () => setDone(`${label} is signed out on every device.`) },
            );
          }}
        >
          End sessions<span className="sr-only"> of {label}</span>
        </Button>
      )}
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
          !pending && (
            <Button
              variant="danger"
              disabled={action.isPending}
              onClick={() => propose({ kind: 'deactivate' })}
            >
              Deactivate<span className="sr-only"> {label}</span>
            </Button>
          )
        ))}
      {pending && (
        <div
          role="group"
          aria-label={`Confirm the change for ${label}`}
          className="w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-ink"
        >
          <p className="font-semibold">
            {pending.kind === 'role'
              ? `Change ${label} from ${roleNames[member.role]} to ${roleNames[pending.role]}?`
              : `Deactivate ${label}?`}
          </p>
          <p className="mt-1">
            {pending.kind === 'role'
              ? roleConsequence[pending.role]
              : 'Every session they have ends at once and sign-in is refused until someone reactivates the account.'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant={pending.kind === 'deactivate' ? 'danger' : 'primary'}
              disabled={action.isPending}
              onClick={confirm}
            >
              {pending.kind === 'role' ? 'Change role' : 'Deactivate'}
              <span className="sr-only">
                {pending.kind === 'role' ? ` of ${label}` : ` ${label}`}
              </span>
            </Button>
            <Button variant="ghost" disabled={action.isPending} onClick={() => propose(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {done && (
        <p role="status" className="w-full text-sm font-medium text-green-800">
          {done}
        </p>
      )}
      {action.isError && (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          <ErrorText error={action.error} />
        </p>
      )}
    </div>
  );
}
