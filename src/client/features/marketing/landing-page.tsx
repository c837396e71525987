import { findSitePage } from '../../../shared/site-pages';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { SiteHeader } from '../../components/site-header/site-header';
import { useDocumentTitle } from '../../components/site-header/use-document-title';
import { ClosingCtaSection } from './closing-cta-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { TemplatesSection } from './templates-section';

/** The marketing home page (decisions.md: / is the landing, the editor lives at /editor). */
export function LandingPage() {
  useDocumentTitle(findSitePage('landing').title);
  return (
    <div className="flex min-h-full flex-col bg-white">
      <SiteHeader onLanding />
      <main id="main" className="flex-1">
        <HeroSection />
        <FeaturesSection />
        <TemplatesSection />
        <PricingSection />
        <FaqSection />
        <ClosingCtaSection />
      </main>
      <SiteFooter />
    </div>
  );
}
