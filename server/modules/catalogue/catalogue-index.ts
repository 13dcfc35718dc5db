import type {
  Program,
  ProgramQuery,
  ProgramSearchQuery,
  ProgramSearchResult,
  University,
} from '../../../shared/schemas/catalogue.ts';
import { costOfStudy, type CostFigure } from '../../../shared/cost-of-study.ts';
import { formatDuration, formatTuition } from '../../../shared/program-display.ts';
import type { CatalogueRows, ProgramRow, UniversityRow } from './repository.ts';

/** Where a university's logo is served: a file of the seed under /media/logos, or one uploaded in the console. */
export const uploadedLogoPrefix = 'uploaded/';
export const logoUrl = (file: string) =>
  file.startsWith(uploadedLogoPrefix) ? `/api/catalogue/logos/${file.slice(uploadedLogoPrefix.length)}` : `/media/logos/${file}`;

/** Lower-case words of letters and digits: what a search matches against. */
export function words(text: string): string[] {
  return text.toLocaleLowerCase('en-GB').match(/[\p{L}\p{N}]+/gu) ?? [];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The public catalogue of one moment, held in memory (docs/decisions/0017): every read of the
 * public catalogue is answered from it, with no database round trip, and a change to the
 * catalogue replaces it whole. Search: each word of the query must begin a word of the program's
 * name, university, city, region, subjects or level; filters; three precomputed orders; the picked
 * universities' programs first.
 */
export class CatalogueIndex {
  readonly universities: University[];
  private readonly programs: ProgramRow[];
  private readonly byId = new Map<string, number>();
  private readonly universityById = new Map<string, University>();
  private readonly tokens: string[];
  private readonly postings = new Map<string, number[]>();
  private readonly orders: Record<ProgramSearchQuery['sort'], Uint32Array>;
  private readonly figures: CostFigure[];
  /** The team's active subject categories, in their order. */
  readonly categories: readonly string[];

  constructor(rows: CatalogueRows) {
    this.programs = rows.programs;
    this.figures = rows.figures;
    this.categories = rows.categories;
    const counts = new Map<string, number>();
    rows.programs.forEach((p, i) => {
      this.byId.set(p.id, i);
      counts.set(p.universityId, (counts.get(p.universityId) ?? 0) + 1);
      const text = [p.name, p.universityName, p.city, p.region, ...p.categories, p.level].join(' ');
      for (const word of new Set(words(text))) {
        const list = this.postings.get(word);
        if (list) list.push(i);
        else this.postings.set(word, [i]);
      }
    });
    this.tokens = [...this.postings.keys()].sort(byText);
    this.universities = rows.universities.map((u: UniversityRow) => {
      const { logo, ...rest } = u;
      const university: University = { ...rest, logoUrl: logoUrl(logo), programCount: counts.get(u.id) ?? 0 };
      this.universityById.set(u.id, university);
      return university;
    });
    const order = (compare: (a: ProgramRow, b: ProgramRow) => number) =>
      Uint32Array.from(rows.programs.map((_, i) => i).sort((a, b) => compare(rows.programs[a]!, rows.programs[b]!)));
    const byName = (a: ProgramRow, b: ProgramRow) => byText(a.name, b.name) || byText(a.id, b.id);
    this.orders = {
      name: order(byName),
      fee: order((a, b) => a.tuitionGbp - b.tuitionGbp || byName(a, b)),
      ranking: order((a, b) => a.universityRanking - b.universityRanking || byName(a, b)),
    };
  }

  get programCount() {
    return this.programs.length;
  }

  university(id: string): University | undefined {
    return this.universityById.get(id);
  }

  /** The spec's universities search: name or city contains the text, ignoring case. */
  searchUniversities(q: string | undefined): University[] {
    const needle = q?.toLocaleLowerCase('en-GB');
    if (!needle) return this.universities;
    return this.universities.filter(
      (u) => u.name.toLocaleLowerCase('en-GB').includes(needle) || u.location.toLocaleLowerCase('en-GB').includes(needle),
    );
  }

  program(id: string, today: string): Program | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.toProgram(this.programs[i]!, today);
  }

  /** The spec's list: name contains the text; level, intake, category and universities; by name. */
  listPrograms(query: ProgramQuery, today: string): Program[] {
    const needle = query.q?.toLocaleLowerCase('en-GB');
    const universities = query.universityId?.length ? new Set(query.universityId) : null;
    const out: Program[] = [];
    for (const i of this.orders.name) {
      const p = this.programs[i]!;
      if (needle && !p.name.toLocaleLowerCase('en-GB').includes(needle)) continue;
      if (query.level && p.level !== query.level) continue;
      if (query.intake && !p.intakes.some((x) => x.month === query.intake)) continue;
      if (query.category && !p.categories.includes(query.category)) continue;
      if (universities && !universities.has(p.universityId)) continue;
      out.push(this.toProgram(p, today));
    }
    return out;
  }

  /** Programs whose words begin with every word of `q`; null: no restriction. */
  private matchWords(q: string | undefined): Uint8Array | null | 'none' {
    if (q === undefined || q.trim() === '') return null;
    const wanted = [...new Set(words(q))].slice(0, 8);
    if (wanted.length === 0) return 'none';
    const hits = new Uint8Array(this.programs.length);
    for (const [n, word] of wanted.entries()) {
      let lo = 0;
      let hi = this.tokens.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.tokens[mid]! < word) lo = mid + 1;
        else hi = mid;
      }
      // a program counts once per query word, however many of its words begin with it
      for (let t = lo; t < this.tokens.length && this.tokens[t]!.startsWith(word); t++) {
        for (const i of this.postings.get(this.tokens[t]!)!) if (hits[i] === n) hits[i] = n + 1;
      }
    }
    const all = wanted.length;
    for (let i = 0; i < hits.length; i++) hits[i] = hits[i] === all ? 1 : 0;
    return hits;
  }

  search(query: ProgramSearchQuery, today: string): ProgramSearchResult {
    const matched = this.matchWords(query.q);
    const empty = { programs: [], total: 0, pickedTotal: 0, page: query.page, pageSize: query.pageSize };
    if (matched === 'none') return empty;
    const picked = new Set(query.picked ?? []);
    const start = (query.page - 1) * query.pageSize;
    const end = start + query.pageSize;
    const pageRows: ProgramRow[] = [];
    let total = 0;
    let pickedTotal = 0;
    const keep = (p: ProgramRow, i: number) =>
      (!matched || matched[i] === 1) &&
      (!query.level || p.level === query.level) &&
      (!query.intake || p.intakes.some((x) => x.month === query.intake)) &&
      (!query.category || p.categories.includes(query.category)) &&
      (!query.region || p.region === query.region) &&
      (query.feeMin === undefined || p.tuitionGbp >= query.feeMin) &&
      (query.feeMax === undefined || p.tuitionGbp <= query.feeMax) &&
      (query.ielts === undefined || p.ieltsOverall <= query.ielts);
    const order = this.orders[query.sort];
    // two passes over the chosen order: the picked universities' programs, then the rest
    for (const pass of picked.size > 0 ? [true, false] : [null]) {
      for (const i of order) {
        const p = this.programs[i]!;
        if (pass !== null && picked.has(p.universityId) !== pass) continue;
        if (!keep(p, i)) continue;
        if (total >= start && total < end) pageRows.push(p);
        total++;
        if (pass) pickedTotal++;
      }
    }
    return { ...empty, programs: pageRows.map((p) => this.toProgram(p, today)), total, pickedTotal };
  }

  private toProgram(row: ProgramRow, today: string): Program {
    const { universityWebsite, url, ...rest } = row;
    return {
      ...rest,
      level: row.level as Program['level'],
      studyMode: row.studyMode as Program['studyMode'],
      intakes: row.intakes as Program['intakes'],
      duration: formatDuration(row.durationMonths, row.studyMode),
      intake: row.intakes.map((i) => i.month).join(', '),
      tuition: formatTuition(row.tuitionGbp),
      category: row.categories[0] ?? '',
      url: url ?? universityWebsite,
      urlIsCoursePage: url !== null,
      costOfStudy: costOfStudy(
        { tuitionGbp: row.tuitionGbp, feeYear: row.feeYear, durationMonths: row.durationMonths, inLondon: row.region === 'London' },
        this.figures,
        today,
      ),
    };
  }
}
