import { PackageSearch, Send, Wand2 } from 'lucide-react';
import { SectionHeading } from './landing-parts';

const STEPS = [
  {
    title: 'Add your product',
    text: 'Upload a few photos and a description. AI writes an AI Brief with hooks, voice and hashtags.',
    icon: PackageSearch,
  },
  {
    title: 'Pick a hook and a format',
    text: 'Choose from 10 organic hooks and build a photo carousel or a Hook + Demo video.',
    icon: Wand2,
  },
  {
    title: 'Send it to TikTok',
    text: 'Post to your connected TikTok account as a draft in your inbox, or schedule a campaign.',
    icon: Send,
  },
] as const;

export const HowItWorks = () => (
  <section aria-labelledby="how-title" className="border-y bg-muted/40 py-20 sm:py-28">
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="how-title"
        eyebrow="How it works"
        title="From product to post in three steps"
      />
      <ol className="mt-14 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border bg-card p-7 shadow-xs">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                <step.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="text-sm font-semibold text-muted-foreground">Step {i + 1}</span>
            </div>
            <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  </section>
);
