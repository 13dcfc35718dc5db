import { useQuery } from '@tanstack/react-query';
import type { Consultant, Program, University } from '../../shared/schemas/catalogue';
import type { SiteConfig } from '../../shared/schemas/site';
import { apiGet } from './api-client';

const catalogueStaleTime = 5 * 60_000;

export function useUniversities() {
  return useQuery({
    queryKey: ['universities'],
    queryFn: () => apiGet<University[]>('/api/universities'),
    staleTime: catalogueStaleTime,
  });
}

export function usePrograms() {
  return useQuery({
    queryKey: ['programs'],
    queryFn: () => apiGet<Program[]>('/api/programs'),
    staleTime: catalogueStaleTime,
  });
}

export function useConsultants() {
  return useQuery({
    queryKey: ['consultants'],
    queryFn: () => apiGet<Consultant[]>('/api/consultants'),
    staleTime: catalogueStaleTime,
  });
}

export function useSiteConfig() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => apiGet<SiteConfig>('/api/site'),
    staleTime: Infinity,
  });
}
