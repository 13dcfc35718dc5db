import type { ProgramSearchQuery } from '../../../shared/schemas/catalogue.ts';
import type { ProgramRow } from './repository.ts';

/** Numbers each distinct value as it is first seen. */
class Codes {
  private readonly map = new Map<string, number>();
  code(value: string): number {
    let c = this.map.get(value);
    if (c === undefined) this.map.set(value, (c = this.map.size));
    return c;
  }
  find(value: string): number | undefined {
    return this.map.get(value);
  }
  get size(): number {
    return this.map.size;
  }
}

/** What a search asks, resolved to the columns' codes once per search. */
export interface ResolvedFilter {
  level: number | undefined;
  region: number | undefined;
  intake: number | undefined;
  category: Uint8Array | undefined;
  feeMin: number;
  feeMax: number;
  ielts: number;
}

/**
 * The searchable facts of every program as typed arrays, one slot per program: a filter compares
 * small numbers instead of reading strings and arrays of row objects, so scanning 20,000 programs
 * takes a fraction of a millisecond (docs/decisions/0017).
 */
export class SearchColumns {
  private readonly levels = new Codes();
  private readonly regions = new Codes();
  private readonly universities = new Codes();
  private readonly months = new Codes();
  readonly level: Uint8Array;
  readonly region: Uint16Array;
  readonly university: Uint16Array;
  /** One bit per intake month the program starts in. */
  readonly intakes: Uint32Array;
  readonly fee: Float64Array;
  readonly ielts: Float64Array;
  private readonly categories = new Map<string, Uint8Array>();

  constructor(programs: readonly ProgramRow[]) {
    const n = programs.length;
    this.level = new Uint8Array(n);
    this.region = new Uint16Array(n);
    this.university = new Uint16Array(n);
    this.intakes = new Uint32Array(n);
    this.fee = new Float64Array(n);
    this.ielts = new Float64Array(n);
    programs.forEach((p, i) => {
      this.level[i] = this.levels.code(p.level);
      this.region[i] = this.regions.code(p.region);
      this.university[i] = this.universities.code(p.universityId);
      for (const intake of p.intakes)
        this.intakes[i]! |= 1 << (this.months.code(intake.month) % 32);
      this.fee[i] = p.tuitionGbp;
      this.ielts[i] = p.ieltsOverall;
      for (const category of p.categories) {
        let members = this.categories.get(category);
        if (!members) this.categories.set(category, (members = new Uint8Array(n)));
        members[i] = 1;
      }
    });
  }

  /** The query's filters as codes; null when a filter names a value no program has (nothing matches). */
  resolve(query: ProgramSearchQuery): ResolvedFilter | null {
    const level = query.level === undefined ? undefined : this.levels.find(query.level);
    const region = query.region === undefined ? undefined : this.regions.find(query.region);
    const month = query.intake === undefined ? undefined : this.months.find(query.intake);
    const category = query.category === undefined ? undefined : this.categories.get(query.category);
    if (
      (query.level !== undefined && level === undefined) ||
      (query.region !== undefined && region === undefined) ||
      (query.intake !== undefined && month === undefined) ||
      (query.category !== undefined && category === undefined)
    )
      return null;
    return {
      level,
      region,
      intake: month === undefined ? undefined : 1 << (month % 32),
      category,
      feeMin: query.feeMin ?? -Infinity,
      feeMax: query.feeMax ?? Infinity,
      ielts: query.ielts ?? Infinity,
    };
  }

  keeps(f: ResolvedFilter, i: number): boolean {
    return (
      (f.level === undefined || this.level[i] === f.level) &&
      (f.region === undefined || this.region[i] === f.region) &&
      (f.intake === undefined || (this.intakes[i]! & f.intake) !== 0) &&
      (f.category === undefined || f.category[i] === 1) &&
      this.fee[i]! >= f.feeMin &&
      this.fee[i]! <= f.feeMax &&
      this.ielts[i]! <= f.ielts
    );
  }

  /** One flag per university code: 1 for the picked ones. */
  pickedFlags(ids: readonly string[]): Uint8Array | null {
    if (ids.length === 0) return null;
    const flags = new Uint8Array(this.universities.size);
    for (const id of ids) {
      const code = this.universities.find(id);
      if (code !== undefined) flags[code] = 1;
    }
    return flags;
  }
}
