import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  Consultant,
  Program,
  ProgramSearchResult,
  University,
} from '../../shared/schemas/catalogue';
import type { PublicSiteConfig as SiteConfig } from '../../shared/schemas/site';
import { ApiError, apiFetch, apiGet } from './api-client';
import type { PageQuery } from '../../shared/page-rendering';

const catalogueStaleTime = 5 * 60_000;

/**
 * A catalogue read that goes to the server each time (`no-cache`: an ETag check, 304 when nothing
 * changed) rather than to the browser's HTTP cache, which keeps public answers for 5 minutes:
 * after a catalogue change (useCatalogueChanges) the page must see the new answer.
 */
const catalogueGet = <T>(path: string) => apiFetch<T>(path, { cache: 'no-cache' });

/** The catalogue's public reads: each page's hook below, and the server's first paint (routes.tsx). */
export const catalogueQueries = {
  site: { queryKey: ['site'], path: '/api/site' },
  universities: { queryKey: ['universities'], path: '/api/universities' },
  consultants: { queryKey: ['consultants'], path: '/api/consultants' },
  categories: { queryKey: ['categories'], path: '/api/catalogue/categories' },
} satisfies Record<string, PageQuery>;

/** The search parameters /programs keeps in its address, as the API takes them. */
export const programSearchKeys = [
  'q',
  'level',
  'intake',
  'category',
  'region',
  'feeMin',
  'feeMax',
  'ielts',
  'sort',
  'page',
] as const;

/**
 * The search a /programs address asks for, with the picked universities first: the same on the
 * server's first paint (no picks: they live in the browser) and in the browser.
 */
export function programSearchQuery(params: URLSearchParams, picked: readonly string[]): PageQuery {
  const query = new URLSearchParams();
  for (const key of programSearchKeys) {
    const value = params.get(key)?.trim();
    if (value) query.set(key, value);
  }
  for (const id of picked) query.append('picked', id);
  const text = query.toString();
  return {
    queryKey: ['programs', 'search', text],
    path: `/api/programs/search${text ? `?${text}` : ''}`,
  };
}

export function useProgramSearch(params: URLSearchParams, picked: readonly string[]) {
  const { queryKey, path } = programSearchQuery(params, picked);
  return useQuery({
    queryKey,
    queryFn: () => catalogueGet<ProgramSearchResult>(path),
    staleTime: catalogueStaleTime,
    placeholderData: keepPreviousData,
  });
}

/** One program by id: the application's choice, and each column of /compare (also on first paint). */
export function programQuery(id: string): PageQuery {
  return { queryKey: ['programs', 'one', id], path: `/api/programs/${encodeURIComponent(id)}` };
}

export function useProgram(id: string | undefined) {
  return useQuery({
    queryKey: programQuery(id ?? '').queryKey,
    queryFn: () => catalogueGet<Program>(programQuery(id!).path),
    staleTime: catalogueStaleTime,
    enabled: Boolean(id),
  });
}

/**
 * /programs/:id: the program, or null when the catalogue has none by that id (the server then
 * renders the not-found page and answers 404; the browser shows the same).
 */
export function programPageQuery(id: string): PageQuery {
  const { path } = programQuery(id);
  return { queryKey: ['programs', 'page', id], path, isSubject: true };
}

export function useProgramPage(id: string) {
  const { queryKey, path } = programPageQuery(id);
  return useQuery({
    queryKey,
    queryFn: () =>
      catalogueGet<Program>(path).catch((error: unknown) => {
        // no such program, or no program could have that id
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }),
    staleTime: catalogueStaleTime,
  });
}

/**
 * The catalogue changes while a page is open (the team edits it): the server says so on
 * /api/catalogue/changes and every catalogue answer on screen is fetched again, with no reload.
 */
export function useCatalogueChanges() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/catalogue/changes');
    source.addEventListener('catalogue', () => {
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'site' });
    });
    return () => source.close();
  }, [client]);
}

export function useUniversities() {
  return useQuery({
    queryKey: catalogueQueries.universities.queryKey,
    queryFn: () => catalogueGet<University[]>(catalogueQueries.universities.path),
    staleTime: catalogueStaleTime,
  });
}

/** The programs of one university: the console's program filter (a whole catalogue is 20,000). */
export function useProgramsOf(universityId: string | undefined) {
  return useQuery({
    queryKey: ['programs', 'of', universityId ?? ''],
    queryFn: () =>
      catalogueGet<Program[]>(`/api/programs?universityId=${encodeURIComponent(universityId!)}`),
    staleTime: catalogueStaleTime,
    enabled: Boolean(universityId),
  });
}

/** The subject categories the team offers (/staff/catalogue/categories), live with the catalogue. */
export function useCategories() {
  return useQuery({
    queryKey: catalogueQueries.categories.queryKey,
    queryFn: () => catalogueGet<{ categories: string[] }>(catalogueQueries.categories.path),
    select: (answer) => answer.categories,
    staleTime: catalogueStaleTime,
  });
}

export function useConsultants() {
  return useQuery({
    queryKey: catalogueQueries.consultants.queryKey,
    queryFn: () => apiGet<Consultant[]>(catalogueQueries.consultants.path),
    staleTime: catalogueStaleTime,
  });
}

export function useSiteConfig() {
  return useQuery({
    queryKey: catalogueQueries.site.queryKey,
    queryFn: () => apiGet<SiteConfig>(catalogueQueries.site.path),
    staleTime: Infinity,
  });
}
