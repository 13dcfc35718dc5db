import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportReport,
  StaffCategory,
  StaffCostFigure,
  StaffProgram,
  StaffProgramPage,
  StaffUniversity,
} from '../../../../shared/schemas/catalogue-admin';
import type {
  StaffConsultantTexts,
  StaffLatestUpdate,
  StaffSiteTexts,
} from '../../../../shared/schemas/site-texts';
import { apiFetch, apiGet, apiPost } from '../../../lib/api-client';

const fresh = { staleTime: 0, refetchOnWindowFocus: true } as const;
const base = '/api/staff/catalogue';

export function useCatalogueUniversities() {
  return useQuery({
    queryKey: ['staff', 'catalogue', 'universities'],
    queryFn: async () =>
      (await apiGet<{ universities: StaffUniversity[] }>(`${base}/universities`)).universities,
    ...fresh,
  });
}

const categoriesQuery = {
  queryKey: ['staff', 'catalogue', 'categories'],
  queryFn: async () =>
    (await apiGet<{ categories: StaffCategory[] }>(`${base}/categories`)).categories,
};

/** Every subject category, active or not, with its program count (the categories page). */
export function useCategoryList() {
  return useQuery({ ...categoriesQuery, ...fresh });
}

/** The active categories' names, in the team's order (the program form). */
export function useCatalogueCategories() {
  return useQuery({
    ...categoriesQuery,
    select: (categories: StaffCategory[]) => categories.filter((c) => c.active).map((c) => c.name),
    staleTime: 60_000,
  });
}

export function useCataloguePrograms(params: { q?: string; universityId?: string; page: number }) {
  return useQuery({
    queryKey: ['staff', 'catalogue', 'programs', params],
    queryFn: () =>
      apiGet<StaffProgramPage>(`${base}/programs`, { ...params, page: String(params.page) }),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useCatalogueProgram(id: string | undefined) {
  return useQuery({
    queryKey: ['staff', 'catalogue', 'program', id],
    queryFn: () => apiGet<StaffProgram>(`${base}/programs/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
    ...fresh,
  });
}

export function useCostFigures() {
  return useQuery({
    queryKey: ['staff', 'catalogue', 'figures'],
    queryFn: async () =>
      (await apiGet<{ figures: StaffCostFigure[] }>(`${base}/cost-figures`)).figures,
    ...fresh,
  });
}

/** Any catalogue write: the console's catalogue lists are read again afterwards. */
export function useCatalogueWrite<I, O>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // after a colleague's save meanwhile (409) too: the lists show what is saved now
    onSettled: () => void client.invalidateQueries({ queryKey: ['staff', 'catalogue'] }),
  });
}

/** The home page's Latest Updates and the consultants' texts (issue 26 §3). */
export function useSiteTexts() {
  return useQuery({
    queryKey: ['staff', 'catalogue', 'site-texts'],
    queryFn: () => apiGet<StaffSiteTexts>(`${base}/site-texts`),
    ...fresh,
  });
}

export const catalogueApi = {
  saveLatestUpdate: (input: { id: string; body: unknown }) =>
    apiPost<StaffLatestUpdate>(
      `${base}/latest-updates/${encodeURIComponent(input.id)}`,
      input.body,
    ),
  saveConsultantTexts: (input: { id: string; body: unknown }) =>
    apiPost<StaffConsultantTexts>(
      `${base}/consultants/${encodeURIComponent(input.id)}`,
      input.body,
    ),
  saveProgram: (input: { id?: string; body: unknown }) =>
    apiPost<StaffProgram>(
      input.id ? `${base}/programs/${encodeURIComponent(input.id)}` : `${base}/programs`,
      input.body,
    ),
  setProgramActive: (input: { id: string; active: boolean }) =>
    apiPost<StaffProgram>(`${base}/programs/${encodeURIComponent(input.id)}/active`, {
      active: input.active,
    }),
  createUniversity: (body: unknown) => apiPost<StaffUniversity>(`${base}/universities`, body),
  updateUniversity: (input: { id: string; body: unknown }) =>
    apiPost<StaffUniversity>(`${base}/universities/${encodeURIComponent(input.id)}`, input.body),
  uploadLogo: (input: { id: string; file: File }) =>
    apiFetch<StaffUniversity>(`${base}/universities/${encodeURIComponent(input.id)}/logo`, {
      method: 'POST',
      headers: { 'content-type': input.file.type || 'application/octet-stream' },
      body: input.file,
    }),
  importCsv: (input: { file: File; apply: boolean }) =>
    apiFetch<ImportReport>(`${base}/import${input.apply ? '?apply=1' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: input.file,
    }),
  addCategory: (body: unknown) =>
    apiPost<{ categories: StaffCategory[] }>(`${base}/categories`, body),
  changeCategory: (input: { name: string; body: { name?: string; active?: boolean } }) =>
    apiPost<{ categories: StaffCategory[] }>(
      `${base}/categories/${encodeURIComponent(input.name)}`,
      input.body,
    ),
  saveFigure: (input: { id?: string; body: unknown }) =>
    apiPost<{ figures: StaffCostFigure[] }>(
      input.id ? `${base}/cost-figures/${encodeURIComponent(input.id)}` : `${base}/cost-figures`,
      input.body,
    ),
};
