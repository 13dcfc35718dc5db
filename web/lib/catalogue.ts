import { useQuery } from '@tanstack/react-query';
import type { Consultant, Program, University } from '../../shared/schemas/catalogue';
import type { SiteConfig } from '../../shared/schemas/site';
import { apiGet } from './api-client';
import type { PageQuery } from '../../shared/page-rendering';

const catalogueStaleTime = 5 * 60_000;

/** The catalogue's public reads: each page's hook below, and the server's first paint (routes.tsx). */
export const catalogueQueries = {
  site: { queryKey: ['site'], path: '/api/site' },
  universities: { queryKey: ['universities'], path: '/api/universities' },
  programs: { queryKey: ['programs'], path: '/api/programs' },
  consultants: { queryKey: ['consultants'], path: '/api/consultants' },
} satisfies Record<string, PageQuery>;

export function useUniversities() {
  return useQuery({
    queryKey: catalogueQueries.universities.queryKey,
    queryFn: () => apiGet<University[]>(catalogueQueries.universities.path),
    staleTime: catalogueStaleTime,
  });
}

export function usePrograms() {
  return useQuery({
    queryKey: catalogueQueries.programs.queryKey,
    queryFn: () => apiGet<Program[]>(catalogueQueries.programs.path),
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
