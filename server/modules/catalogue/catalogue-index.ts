import { cityNames, foldForSearch, universityMatches } from '../../../shared/place-names.ts';
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
import { SearchColumns } from './search-columns.ts';

/** Where a university's logo is served: a file of the seed under /media/logos, or one uploaded in the console. */
export const uploadedLogoPrefix = 'uploaded/';
export const logoUrl = (file: string) =>
  file.startsWith(uploadedLogoPrefix)
    ? `/api/catalogue/logos/${file.slice(uploadedLogoPrefix.length)}`
    : `/media/logos/${file}`;

/** Words of letters and digits, folded (accents and case ignored): what a search matches against. */
export function words(text: string): string[] {
  return foldForSearch(text).match(/[\p{L}\p{N}]+/gu) ?? [];
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
  /** For each order, each program's place in it. */
  private readonly ranks: Record<ProgramSearchQuery['sort'], Uint32Array>;
  private readonly columns: SearchColumns;
  /** Programs already shaped for today's answers, by place; shared by every answer that shows them. */
  private readonly shaped = new Map<number, Program>();
  private shapedOn = '';
  private readonly figures: CostFigure[];
  private readonly rowsByLevel = new Map<string, ProgramRow[]>();
  /** The team's active subject categories, in their order. */
  readonly categories: readonly string[];
  readonly latestUpdates: CatalogueRows['latestUpdates'];
  readonly consultants: CatalogueRows['consultants'];

  constructor(rows: CatalogueRows) {
    this.latestUpdates = rows.latestUpdates;
    this.consultants = rows.consultants;
    this.programs = rows.programs;
    this.figures = rows.figures;
    this.categories = rows.categories;
    const counts = new Map<string, number>();
    rows.programs.forEach((p, i) => {
      this.byId.set(p.id, i);
      counts.set(p.universityId, (counts.get(p.universityId) ?? 0) + 1);
      // the university and its city in every language the site speaks (issue 26 §4)
      const text = [
        p.name,
        p.universityName,
        ...Object.values(p.universityNames),
        p.city,
        ...(cityNames[p.city] ?? []),
        p.region,
        ...p.categories,
        p.level,
      ].join(' ');
      for (const word of new Set(words(text))) {
        const list = this.postings.get(word);
        if (list) list.push(i);
        else this.postings.set(word, [i]);
      }
    });
    this.tokens = [...this.postings.keys()].sort(byText);
    this.universities = rows.universities.map((u: UniversityRow) => {
      const { logo, ...rest } = u;
      const university: University = {
        ...rest,
        logoUrl: logoUrl(logo),
        programCount: counts.get(u.id) ?? 0,
      };
      this.universityById.set(u.id, university);
      return university;
    });
    const order = (compare: (a: ProgramRow, b: ProgramRow) => number) =>
      Uint32Array.from(
        rows.programs
          .map((_, i) => i)
          .sort((a, b) => compare(rows.programs[a]!, rows.programs[b]!)),
      );
    const byName = (a: ProgramRow, b: ProgramRow) => byText(a.name, b.name) || byText(a.id, b.id);
    this.orders = {
      name: order(byName),
      fee: order((a, b) => a.tuitionGbp - b.tuitionGbp || byName(a, b)),
      ranking: order((a, b) => a.universityRanking - b.universityRanking || byName(a, b)),
    };
    const rankOf = (o: Uint32Array) => {
      const rank = new Uint32Array(o.length);
      o.forEach((i, place) => (rank[i] = place));
      return rank;
    };
    this.ranks = {
      name: rankOf(this.orders.name),
      fee: rankOf(this.orders.fee),
      ranking: rankOf(this.orders.ranking),
    };
    this.columns = new SearchColumns(rows.programs);
  }

  get programCount() {
    return this.programs.length;
  }

  university(id: string): University | undefined {
    return this.universityById.get(id);
  }

  /** The spec's universities search: name or city (in any of the site's languages) contains the text, accents and case ignored. */
  searchUniversities(q: string | undefined): University[] {
    if (!q) return this.universities;
    return this.universities.filter((u) => universityMatches(u, q));
  }

  /** Every program's id, in the catalogue's order (the sitemap lists their pages). */
  programIds(): string[] {
    return this.programs.map((p) => p.id);
  }

  program(id: string, today: string): Program | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.shape(i, today);
  }

  /**
   * The spec's list: name contains the text; level, intake, category and universities; by name.
   * More than `max` matches: null (the caller asks for a narrower list rather than shaping thousands).
   */
  listPrograms(query: ProgramQuery, today: string): Program[];
  listPrograms(query: ProgramQuery, today: string, max: number): Program[] | null;
  listPrograms(query: ProgramQuery, today: string, max = Infinity): Program[] | null {
    const needle = query.q?.toLocaleLowerCase('en-GB');
    const universities = query.universityId?.length ? new Set(query.universityId) : null;
    const matches: number[] = [];
    for (const i of this.orders.name) {
      const p = this.programs[i]!;
      if (needle && !p.name.toLocaleLowerCase('en-GB').includes(needle)) continue;
      if (query.level && p.level !== query.level) continue;
      if (query.intake && !p.intakes.some((x) => x.month === query.intake)) continue;
      if (query.category && !p.categories.includes(query.category)) continue;
      if (universities && !universities.has(p.universityId)) continue;
      if (matches.push(i) > max) return null;
    }
    return matches.map((i) => this.toProgram(this.programs[i]!, today));
  }

  /** The rows of one level's programs, unshaped: for readers that rank many and show few (guidance). */
  programRows(level: string): readonly ProgramRow[] {
    let rows = this.rowsByLevel.get(level);
    if (!rows) this.rowsByLevel.set(level, (rows = this.programs.filter((p) => p.level === level)));
    return rows;
  }

  /** Every program's id and name (what a language model's answer is checked against). */
  programNames(): readonly { id: string; name: string }[] {
    return this.programs;
  }

  /** Programs whose words begin with every word of `q`, in no order; null: no restriction. */
  private matchWords(q: string | undefined): number[] | null {
    if (q === undefined || q.trim() === '') return null;
    const wanted = [...new Set(words(q))].slice(0, 8);
    if (wanted.length === 0) return [];
    const hits = new Uint8Array(this.programs.length);
    const matched: number[] = [];
    for (const [n, word] of wanted.entries()) {
      let lo = 0;
      let hi = this.tokens.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.tokens[mid]! < word) lo = mid + 1;
        else hi = mid;
      }
      const last = n === wanted.length - 1;
      // a program counts once per query word, however many of its words begin with it
      for (let t = lo; t < this.tokens.length && this.tokens[t]!.startsWith(word); t++) {
        for (const i of this.postings.get(this.tokens[t]!)!) {
          if (hits[i] !== n) continue;
          hits[i] = n + 1;
          if (last) matched.push(i);
        }
      }
    }
    return matched;
  }

  /**
   * Words narrow the programs through the index, the filters compare typed columns, and only the
   * programs that pass are put in order (by their precomputed rank); without words, the chosen
   * order is scanned once. The picked universities' programs come first.
   */
  search(query: ProgramSearchQuery, today: string): ProgramSearchResult {
    const empty = {
      programs: [],
      total: 0,
      pickedTotal: 0,
      page: query.page,
      pageSize: query.pageSize,
    };
    const filter = this.columns.resolve(query);
    const matched = filter && this.matchWords(query.q);
    if (!filter || matched?.length === 0) return empty;
    const order = this.orders[query.sort];
    let kept: ArrayLike<number>;
    if (matched) {
      const rank = this.ranks[query.sort];
      const ranks = new Uint32Array(matched.length);
      let n = 0;
      for (const i of matched) if (this.columns.keeps(filter, i)) ranks[n++] = rank[i]!;
      const sorted = ranks.subarray(0, n).sort();
      for (let k = 0; k < n; k++) sorted[k] = order[sorted[k]!]!;
      kept = sorted;
    } else {
      const all = new Uint32Array(order.length);
      let n = 0;
      for (let k = 0; k < order.length; k++)
        if (this.columns.keeps(filter, order[k]!)) all[n++] = order[k]!;
      kept = all.subarray(0, n);
    }
    const flags = this.columns.pickedFlags(query.picked ?? []);
    const start = (query.page - 1) * query.pageSize;
    const end = start + query.pageSize;
    let pickedTotal = 0;
    if (flags)
      for (let k = 0; k < kept.length; k++)
        if (flags[this.columns.university[kept[k]!]!]) pickedTotal++;
    // the picked programs take places 0..pickedTotal-1 and the rest follow, each group in order
    const pickedOnPage: number[] = [];
    const restOnPage: number[] = [];
    let picked = 0;
    let rest = pickedTotal;
    for (let k = 0; k < kept.length && (picked < end || rest < end); k++) {
      const i = kept[k]!;
      const isPicked = flags !== null && flags[this.columns.university[i]!] === 1;
      const place = isPicked ? picked++ : rest++;
      if (place >= start && place < end) (isPicked ? pickedOnPage : restOnPage).push(i);
    }
    return {
      ...empty,
      programs: [...pickedOnPage, ...restOnPage].map((i) => this.shape(i, today)),
      total: kept.length,
      pickedTotal,
    };
  }

  /** The program at place `i` as answers show it, kept for the day (at most 5,000 at once). */
  private shape(i: number, today: string): Program {
    if (today !== this.shapedOn || this.shaped.size >= 5_000) {
      this.shaped.clear();
      this.shapedOn = today;
    }
    let program = this.shaped.get(i);
    if (!program) this.shaped.set(i, (program = this.toProgram(this.programs[i]!, today)));
    return program;
  }

  private toProgram(row: ProgramRow, today: string): Program {
    const { universityWebsite, universityNames: _names, url, ...rest } = row;
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
        {
          tuitionGbp: row.tuitionGbp,
          feeYear: row.feeYear,
          durationMonths: row.durationMonths,
          inLondon: row.region === 'London',
        },
        this.figures,
        today,
      ),
    };
  }
}
