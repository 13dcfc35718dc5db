import { FormattedMessage } from 'react-intl';

/** "How we rank": the rules of shared engine (server/modules/guidance/engine.ts), in plain words. */
export function HowWeRank() {
  return (
    <section
      aria-labelledby="how-we-rank"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="how-we-rank" className="text-lg font-semibold">
        <FormattedMessage id="guide.rank.heading" defaultMessage="How we rank" />
      </h2>
      <p className="mt-2 text-sm text-ink">
        <FormattedMessage
          id="guide.rank.intro"
          defaultMessage="The ranking is rule-based: the same answers always give the same list, worked out from the facts in our catalogue. No AI is used. Every point given or taken shows as a reason or a warning you can check."
        />
      </p>
      <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-ink">
        <li>
          <FormattedMessage
            id="guide.rank.keep"
            defaultMessage="We keep only programs at your level, at an intake you chose, and about a subject you wrote."
          />
        </li>
        <li>
          <FormattedMessage
            id="guide.rank.requirements"
            defaultMessage="Meeting the English (IELTS) and academic requirements counts most: each half band of IELTS below what a program asks, and each degree class or A-level grade below, lowers it."
          />
        </li>
        <li>
          <FormattedMessage
            id="guide.rank.budget"
            defaultMessage="Tuition above your budget lowers a program by how far above it is; a passed deadline lowers it too."
          />
        </li>
        <li>
          <FormattedMessage
            id="guide.rank.region"
            defaultMessage="A program in a region you chose goes up a little, one outside them down a little."
          />
        </li>
        <li>
          <FormattedMessage
            id="guide.rank.ranking"
            defaultMessage="Better-ranked universities go up a little (the UK ranking in our catalogue)."
          />
        </li>
        <li>
          <FormattedMessage
            id="guide.rank.three"
            defaultMessage="The three we suggest: an ambitious one (the best-ranked you are close to), a good match (the best you meet in full) and a safer one (one you meet with room to spare), at three different universities."
          />
        </li>
      </ul>
    </section>
  );
}
