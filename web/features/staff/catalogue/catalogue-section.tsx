import { NavLink, Route, Switch } from '../../../lib/router';
import { NotFoundPage } from '../../../components/not-found-page';
import { CategoriesPage } from './categories-page';
import { CostFiguresPage } from './cost-figures-page';
import { CsvPage } from './csv-page';
import { ProgramEditPage } from './program-form';
import { ProgramsListPage } from './programs-list';
import { SiteTextsPage } from './site-texts-page';
import { UniversitiesPage } from './universities-page';

const subClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-slate-800 text-white' : 'text-slate-700 hover:bg-slate-200'}`;

/** /staff/catalogue/*: admins and catalogue editors (the server checks every call). */
export function CatalogueSection() {
  return (
    <div>
      <nav
        aria-label="Catalogue"
        className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 pt-4"
      >
        <NavLink end to="/staff/catalogue" className={subClass}>
          Programs
        </NavLink>
        <NavLink to="/staff/catalogue/universities" className={subClass}>
          Universities
        </NavLink>
        <NavLink to="/staff/catalogue/categories" className={subClass}>
          Categories
        </NavLink>
        <NavLink to="/staff/catalogue/csv" className={subClass}>
          Import and export
        </NavLink>
        <NavLink to="/staff/catalogue/costs" className={subClass}>
          Cost of study
        </NavLink>
        <NavLink to="/staff/catalogue/site-texts" className={subClass}>
          Site texts
        </NavLink>
      </nav>
      <Switch>
        {/* the catalogue is the whole console of a catalogue editor: its list is at /staff too */}
        <Route path="/staff/catalogue">
          <ProgramsListPage />
        </Route>
        <Route path="/staff">
          <ProgramsListPage />
        </Route>
        <Route path="/staff/catalogue/programs/new">
          <ProgramEditPage />
        </Route>
        <Route path="/staff/catalogue/programs/:id">
          <ProgramEditPage />
        </Route>
        <Route path="/staff/catalogue/universities">
          <UniversitiesPage />
        </Route>
        <Route path="/staff/catalogue/categories">
          <CategoriesPage />
        </Route>
        <Route path="/staff/catalogue/csv">
          <CsvPage />
        </Route>
        <Route path="/staff/catalogue/costs">
          <CostFiguresPage />
        </Route>
        <Route path="/staff/catalogue/site-texts">
          <SiteTextsPage />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </div>
  );
}
