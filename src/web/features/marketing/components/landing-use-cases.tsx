import { BookOpen, Megaphone, Presentation, ShoppingBag, Users, Zap } from 'lucide-react';
import { SectionHeading } from './landing-parts';

const USE_CASES = [
  {
    title: 'E-commerce Product Demos',
    text: 'Show the product in use with a hook that makes shoppers stop and watch.',
    icon: ShoppingBag,
  },
  {
    title: 'Social Media Marketing',
    text: 'Keep a steady stream of native-looking posts without a production team.',
    icon: Megaphone,
  },
  {
    title: 'Brand Storytelling',
    text: 'Turn your origin story and values into short slides people actually finish.',
    icon: BookOpen,
  },
  {
    title: 'Educational Content',
    text: 'Explain how it works in bite-sized tips, step by step, slide by slide.',
    icon: Presentation,
  },
  {
    title: 'Sales Presentations',
    text: 'Lead with the benefit, prove it with a demo, end with a clear call to action.',
    icon: Zap,
  },
  {
    title: 'Influencer Campaigns',
    text: 'Give creators ready-made hooks and formats that fit your brand voice.',
    icon: Users,
  },
] as const;

export const UseCases = () => (
  <section id="use-cases" aria-labelledby="use-cases-title" className="scroll-mt-20 py-20 sm:py-28">
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading id="use-cases-title" eyebrow="Use cases" title="Built for everyone who sells">
        From a one-product shop to a brand team running creator campaigns.
      </SectionHeading>
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {USE_CASES.map((useCase) => (
          <li
            key={useCase.title}
            className="group rounded-2xl border bg-card p-6 transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-md"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-brand-gradient group-hover:text-white">
              <useCase.icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-5 font-semibold">{useCase.title}</h3>
            <p className="mt-1.5 text-sm leading-6 text-muted-foreground">{useCase.text}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
