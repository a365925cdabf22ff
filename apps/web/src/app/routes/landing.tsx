import { CallToAction } from '@/features/landing/components/call-to-action';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { StatsSection } from '@/features/landing/components/stats-section';
import { usePageMeta } from '@/lib/page-meta';

export function LandingRoute() {
  usePageMeta({
    title: 'Verba: just vocabulary, nothing disturbing',
    description:
      'Verba is a free, open-source vocabulary app: add any word with its study card (written by an AI provider or by you), and remember it with smart spaced repetition. Focus and learn with joy.',
  });
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        <FeaturesSection />
        <HowItWorks />
        <StatsSection />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
