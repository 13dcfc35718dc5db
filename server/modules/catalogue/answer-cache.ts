import { prepareJson, type PreparedBody } from '../../lib/prepared-response.ts';
import type { CatalogueIndex } from './catalogue-index.ts';

/**
 * Public catalogue answers, serialised and compressed once per catalogue and question: the same
 * search from many students costs one computation. A new catalogue (a change) starts empty; the
 * least recently asked questions are forgotten past `max`.
 */
export class AnswerCache {
  private readonly byCatalogue = new WeakMap<CatalogueIndex, Map<string, PreparedBody>>();

  constructor(
    private readonly max = 200,
    /** Bigger answers (the whole list of a large catalogue) are prepared for one reader and not kept. */
    private readonly maxBytes = 512 * 1024,
  ) {}

  get(catalogue: CatalogueIndex, key: string, compute: () => unknown): PreparedBody {
    let answers = this.byCatalogue.get(catalogue);
    if (!answers) {
      answers = new Map();
      this.byCatalogue.set(catalogue, answers);
    }
    const hit = answers.get(key);
    if (hit) {
      // most recently used last
      answers.delete(key);
      answers.set(key, hit);
      return hit;
    }
    const prepared = prepareJson(compute(), 'fast');
    if (prepared.identity.length > this.maxBytes) return prepared;
    answers.set(key, prepared);
    if (answers.size > this.max) answers.delete(answers.keys().next().value!);
    return prepared;
  }
}
