import type { ApplicationInput } from '../../../shared/schemas/application.ts';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../lib/errors.ts';
import { findActiveProgram, findActiveUniversities } from './repository.ts';

export interface CatalogueChoice {
  programName: string;
  programLevel: string;
  universityName: string;
  /** The picked universities in pick order (D18: each becomes a choice after the program's). */
  picked: { id: string; name: string }[];
}

/** The program, its university and the picks must be in the catalogue now (D7: ids from the browser). */
export async function checkCatalogueChoice(
  db: Db,
  input: ApplicationInput,
): Promise<CatalogueChoice> {
  const program = await findActiveProgram(db, input.programId);
  if (!program) {
    throw new ValidationError(
      { programId: 'This program is not offered any more' },
      'The chosen program is not offered any more. Please choose a program again.',
    );
  }
  if (program.universityId !== input.universityId) {
    throw new ValidationError(
      { universityId: 'The program is not taught at this university' },
      'The chosen program is not taught at the chosen university. Please choose the program again.',
    );
  }
  const picked = await findActiveUniversities(db, input.universityIds);
  if (picked.length !== input.universityIds.length) {
    throw new ValidationError(
      { universityIds: 'A picked university is not in our list any more' },
      'One of the universities you picked is not in our list any more. Please pick your universities again.',
    );
  }
  return {
    programName: program.name,
    programLevel: program.level,
    universityName: program.universityName,
    picked: input.universityIds.map((id) => picked.find((u) => u.id === id)!),
  };
}
