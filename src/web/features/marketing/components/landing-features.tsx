import type * as React from 'react';
import {
  CalendarDays,
  CheckCircle2,
  Clapperboard,
  Images,
  PackageSearch,
  UserRound,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import { SectionHeading } from './landing-parts';

const ToolCard = ({
  icon: Icon,
  name,
  subtitle,
  text,
  points,
  accent,
}: {
  icon: React.ComponentType<{ className?: string }>;
  name: string;
  subtitle: string;
  text: string;
  points: string[];
  accent: string;
}) => (
  <article className="relative overflow-hidden rounded-3xl border bg-card p-7 shadow-sm sm:p-9">
    <div
      aria-hidden="true"
      className={cn('absolute -top-24 -right-24 size-64 rounded-full opacity-20 blur-3xl', accent)}
    />
    <span className="relative flex size-12 items-center justify-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-primary/20">
      <Icon className="size-6" />
    </span>
    <h3 className="relative mt-6 text-2xl font-bold tracking-tight">{name}</h3>
    <p className="relative mt-1 text-sm font-semibold text-primary">{subtitle}</p>
    <p className="relative mt-4 leading-7 text-muted-foreground">{text}</p>
    <ul className="relative mt-6 space-y-3 text-sm">
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2.5">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  </article>
);

export const Features = () => (
  <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-28">
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Two tools for every TikTok format"
      >
        Photo carousels and product-demo videos, written and assembled with AI, ready to post.
      </SectionHeading>
      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        <ToolCard
          icon={Images}
          name="Photo (Carousel)"
          subtitle="Multi-slide photo ads with AI characters"
          text="Build swipeable photo carousels with bold text over images. Drag and drop your slides into order, pair them with AI characters, and let AI write the words."
          points={[
            'Drag-and-drop slides to reorder the story',
            'Text over images in TikTok-native styles',
            'AI characters and image collections to start from',
          ]}
          accent="bg-brand-pink"
        />
        <ToolCard
          icon={Clapperboard}
          name="Video"
          subtitle="Hook + Demo"
          text="A hook overlaid on a UGC character clip grabs attention, then your own product demo video shows it in action. Rendered as a vertical video, ready for TikTok."
          points={[
            'Hook text over a UGC character clip',
            'Followed by your product demonstration video',
            'Rendered 9:16 and sent to your TikTok account',
          ]}
          accent="bg-brand-violet"
        />
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-3">
        {[
          {
            icon: PackageSearch,
            title: 'Products and AI Briefs',
            text: 'Every product gets hooks, a brand voice and hashtags.',
          },
          {
            icon: CalendarDays,
            title: 'Campaigns',
            text: 'Batch-create and schedule content over 1–4 weeks on a calendar.',
          },
          {
            icon: UserRound,
            title: 'AI Characters',
            text: 'A library of characters to put a face to your product.',
          },
        ].map((item) => (
          <div key={item.title} className="rounded-2xl border bg-card p-6">
            <item.icon aria-hidden="true" className="size-5 text-primary" />
            <h3 className="mt-4 font-semibold">{item.title}</h3>
            <p className="mt-1.5 text-sm leading-6 text-muted-foreground">{item.text}</p>
          </div>
        ))}
      </div>
    </div>
  </section>
);
