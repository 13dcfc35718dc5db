import { Link, Navigate, NavLink, Route, Switch, useLocation } from '../../lib/router';
import { canEditCatalogue, isStaffRole, worksOnCases } from '../../../shared/staff-workflow';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { NotFoundPage } from '../../components/not-found-page';
import { usePageTitle } from '../../components/page-title';
import type { AccountUser } from '../../lib/auth-client';
import { RequireSignIn } from '../../components/require-sign-in';
import { ApplicationPage } from './application-page';
import { CatalogueSection } from './catalogue/catalogue-section';
import { AgendaPage } from './agenda-page';
import { AuditPage } from './audit-page';
import { AvailabilityPage } from './availability-page';
import { ContactRequestPage } from './contact-request-page';
import { ContactRequestsPage } from './contact-requests-page';
import { MailPage } from './mail-page';
import { FunnelPage } from './funnel-page';
import { CommissionPage } from './commission-page';
import { LeadsPage } from './leads-page';
import { QueuePage } from './queue-page';
import { TeamPage } from './team-page';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-200'}`;

function NoAccess() {
  usePageTitle('Staff console');
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Alert tone="warning" title="This page is for the portal's staff">
        <p>Your account does not have access to the staff console.</p>
      </Alert>
      <ButtonLink to="/dashboard" variant="secondary" className="mt-6">
        Go to My Applications
      </ButtonLink>
    </div>
  );
}

function Console({ user }: { user: AccountUser }) {
  const isAdmin = user.role === 'admin';
  const onCases = worksOnCases(user.role);
  const onCatalogue = canEditCatalogue(user.role);
  const { pathname } = useLocation();
  const isQueue =
    pathname === '/staff' || pathname === '/staff/' || pathname.startsWith('/staff/applications/');
  // the console's words are English (the site's language may be Arabic or Chinese): read and laid
  // out as English, left to right
  return (
    <div className="bg-slate-50" lang="en" dir="ltr">
      <div className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Staff console"
          className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-2"
        >
          <span className="mr-3 hidden text-sm font-semibold text-muted sm:inline">
            Staff console
          </span>
          {onCases && (
            <Link
              to="/staff"
              className={tabClass({ isActive: isQueue })}
              aria-current={isQueue ? 'page' : undefined}
            >
              Applications
            </Link>
          )}
          {onCases && (
            <NavLink to="/staff/requests" className={tabClass}>
              Referrals &amp; partners
            </NavLink>
          )}
          {onCases && (
            <NavLink to="/staff/leads" className={tabClass}>
              Leads
            </NavLink>
          )}
          {onCases && (
            <NavLink to="/staff/agenda" className={tabClass}>
              Agenda
            </NavLink>
          )}
          {onCases && (
            <NavLink to="/staff/availability" className={tabClass}>
              Availability
            </NavLink>
          )}
          {onCatalogue && (
            <NavLink to="/staff/catalogue" className={tabClass}>
              Catalogue
            </NavLink>
          )}
          {isAdmin && (
            <NavLink to="/staff/team" className={tabClass}>
              Team
            </NavLink>
          )}
          {isAdmin && (
            <NavLink to="/staff/audit" className={tabClass}>
              Audit log
            </NavLink>
          )}
          {isAdmin && (
            <NavLink to="/staff/funnel" className={tabClass}>
              Funnel
            </NavLink>
          )}
          {isAdmin && (
            <NavLink to="/staff/commission" className={tabClass}>
              Commission
            </NavLink>
          )}
          {isAdmin && (
            <NavLink to="/staff/mail" className={tabClass}>
              Mail
            </NavLink>
          )}
        </nav>
      </div>
      <Switch>
        <Route path="/staff">{onCases ? <QueuePage /> : <CatalogueSection />}</Route>
        {onCases && (
          <Route path="/staff/applications/:id">
            <ApplicationPage />
          </Route>
        )}
        {onCases && (
          <Route path="/staff/requests">
            <ContactRequestsPage />
          </Route>
        )}
        {onCases && (
          <Route path="/staff/requests/:type/:id">
            <ContactRequestPage />
          </Route>
        )}
        {onCases && (
          <Route path="/staff/leads">
            <LeadsPage />
          </Route>
        )}
        {isAdmin && (
          <Route path="/staff/funnel">
            <FunnelPage />
          </Route>
        )}
        {onCases && (
          <Route path="/staff/agenda">
            <AgendaPage isAdmin={isAdmin} />
          </Route>
        )}
        {onCases && (
          <Route path="/staff/availability">
            <AvailabilityPage isAdmin={isAdmin} />
          </Route>
        )}
        {onCatalogue && (
          <Route path="/staff/catalogue/*?">
            <CatalogueSection />
          </Route>
        )}
        {isAdmin && (
          <Route path="/staff/team">
            <TeamPage currentUserId={user.id} />
          </Route>
        )}
        {isAdmin && (
          <Route path="/staff/audit">
            <AuditPage />
          </Route>
        )}
        {isAdmin && (
          <Route path="/staff/commission">
            <CommissionPage />
          </Route>
        )}
        {isAdmin && (
          <Route path="/staff/mail">
            <MailPage />
          </Route>
        )}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </div>
  );
}

/** /staff/*: its own chunk, loaded only when someone opens it. The server checks the role on every call. */
export function StaffConsole() {
  return (
    <RequireSignIn>
      {(user) =>
        !isStaffRole(user.role) ? (
          <NoAccess />
        ) : user.secondFactor ? (
          <Console user={user} />
        ) : (
          // Every staff account has a second factor (issue 10): set it up before the console opens.
          <Navigate to="/account?setup=two-factor" replace />
        )
      }
    </RequireSignIn>
  );
}
