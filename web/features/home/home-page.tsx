import { usePageTitle } from '../../components/page-title';
import { ConsultationBand } from './consultation-band';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { LatestUpdates } from './latest-updates';

export function HomePage() {
  usePageTitle('');
  return (
    <>
      <Hero />
      <HowItWorks />
      <LatestUpdates />
      <ConsultationBand />
    </>
  );
}
