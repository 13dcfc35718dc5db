import { sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../shared/application-status.ts';
import type { Db } from '../../server/db/client.ts';

/*
 * Many applications at once for the staff queue (tests and bench/staff-queue.ts): one
 * INSERT ... SELECT over generate_series, so 100,000 rows take seconds, not 100,000 requests.
 * Row n is fully determined by n, and `generatedRow(n)` says in TypeScript what SQL wrote, so a
 * test can compute what a filter should find without asking the database.
 */
export const firstNames = [
  'Amara',
  'Chen',
  'Priya',
  'Mohammed',
  'Olga',
  'Juan',
  'Aisha',
  'Wei',
  'Fatima',
  'Luca',
  'Sofia',
  'Kwame',
  'Yuki',
  'Omar',
  'Ananya',
  'Diego',
  'Zainab',
  'Ivan',
  'Mei',
  'Tariq',
];
export const lastNames = [
  'Okafor',
  'Nguyen',
  'Sharma',
  'Khan',
  'Petrova',
  'Garcia',
  'Bello',
  'Zhang',
  'Ali',
  'Rossi',
  'Silva',
  'Mensah',
  'Tanaka',
  'Hassan',
  'Iyer',
  'Lopez',
  'Yusuf',
  'Ivanov',
  'Li',
  'Aziz',
  'Smith',
  'Jones',
  'Brown',
  "O'Brien",
  'Taylor',
  'Evans',
  'Wilson',
];
/** Out of every 20 rows: 7 submitted, 5 reviewed, 4 applied, 2 offered, 2 accepted. */
const statusBuckets: ApplicationStatus[] = [
  ...Array<ApplicationStatus>(7).fill('submitted'),
  ...Array<ApplicationStatus>(5).fill('reviewed'),
  ...Array<ApplicationStatus>(4).fill('applied'),
  ...Array<ApplicationStatus>(2).fill('offered'),
  ...Array<ApplicationStatus>(2).fill('accepted'),
];

export interface GeneratedSet {
  /** How many rows: n runs from 1 to count. */
  count: number;
  /** Row n was submitted `n * stepMinutes` minutes before this. */
  newest: Date;
  stepMinutes: number;
  /** Makes e-mails and passport numbers unique across several sets in one database. */
  tag: string;
}

export function generatedRow(n: number, set: Pick<GeneratedSet, 'newest' | 'stepMinutes' | 'tag'>) {
  const first = firstNames[(n * 7) % firstNames.length]!;
  const last = lastNames[(n * 11) % lastNames.length]!;
  return {
    fullName: `${first} ${last}`,
    email: `${first}.${last}.${set.tag}${n}@example.test`.toLowerCase().replace("'", ''),
    status: statusBuckets[(n * 3) % statusBuckets.length]!,
    /** Index into the active programs ordered by id. */
    programIndex: n % 10,
    createdAt: new Date(set.newest.getTime() - n * set.stepMinutes * 60_000),
  };
}

const sqlList = (values: string[]) =>
  sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`);

export async function insertGeneratedApplications(db: Db, set: GeneratedSet): Promise<void> {
  await db.execute(sql`
    with program as (
      select row_number() over (order by p.id collate "C") - 1 as n, p.id, p.name, p.level, p.university_id, u.name as university_name
      from programs p join universities u on u.id = p.university_id
      where p.active
    ),
    series as (
      select n,
        ${sqlList(firstNames)}[1 + (n * 7) % ${sql.raw(String(firstNames.length))}] as first_name,
        ${sqlList(lastNames)}[1 + (n * 11) % ${sql.raw(String(lastNames.length))}] as last_name
      from generate_series(1, ${set.count}::int) as n
    )
    insert into applications (
      id, full_name, date_of_birth, email, phone, passport_number, nationality, residency_country,
      english_level, has_certification, status, program_id, program_name, program_level,
      university_id, university_name, picked_university_ids, created_at, last_status_update
    )
    select
      pg_catalog.gen_random_uuid(),
      s.first_name || ' ' || s.last_name,
      date '1995-01-01' + (s.n % 3000),
      replace(lower(s.first_name || '.' || s.last_name || '.' || ${set.tag} || s.n || '@example.test'), '''', ''),
      '+4477009' || lpad((s.n % 100000)::text, 5, '0'),
      'GEN' || ${set.tag} || s.n,
      'NG',
      'NG',
      'advanced',
      false,
      ${sqlList(statusBuckets)}[1 + (s.n * 3) % ${sql.raw(String(statusBuckets.length))}],
      p.id, p.name, p.level, p.university_id, p.university_name,
      array[p.university_id],
      ${set.newest.toISOString()}::timestamptz - make_interval(mins => s.n * ${set.stepMinutes}::int),
      ${set.newest.toISOString()}::timestamptz - make_interval(mins => s.n * ${set.stepMinutes}::int)
    from series s join program p on p.n = s.n % 10
  `);
}
