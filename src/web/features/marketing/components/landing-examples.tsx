import { SectionHeading } from './landing-parts';
import { SampleVideo } from './sample-video';

// Matches the clips made by src/server/media/sample-videos (served at /videos/).
const SAMPLE_VIDEOS = [
  {
    n: 1,
    label: 'Fashion',
    product: 'Everyday Tote',
    hook: 'POV: you found the bag that fits everything',
  },
  { n: 2, label: 'Skincare', product: 'Dew Drop Serum', hook: '3 reasons my skin glows now' },
  {
    n: 3,
    label: 'Home',
    product: 'Desk Organizer',
    hook: 'Stop scrolling if your desk is a mess',
  },
  {
    n: 4,
    label: 'Kitchen',
    product: 'Blendy Go Mini',
    hook: 'I tried the viral blender so you do not have to',
  },
  {
    n: 5,
    label: 'Gadgets',
    product: 'Auto-Stir Mug',
    hook: 'The $12 gadget that fixed my mornings',
  },
] as const;

export const Examples = () => (
  <section
    id="examples"
    aria-labelledby="examples-title"
    className="scroll-mt-20 border-y bg-muted/40 py-20 sm:py-28"
  >
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="examples-title"
        eyebrow="Real examples"
        title="Ads that look native to the feed"
      >
        Short, vertical, UGC-style ads made with Hookreel: a hook that stops the scroll, the
        product, and a clear call to action.
      </SectionHeading>
      {/* Swipeable on phones, a row of five on wide screens. */}
      <ul className="-mx-4 mt-14 flex snap-x snap-mandatory gap-5 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-5 lg:overflow-visible lg:px-0 lg:pb-0">
        {SAMPLE_VIDEOS.map((video) => (
          <li key={video.n} className="w-[62%] shrink-0 snap-center sm:w-[40%] lg:w-auto">
            <figure className="group">
              <div className="rounded-[1.75rem] bg-zinc-950 p-1.5 shadow-xl ring-1 ring-black/5 transition-transform duration-300 group-hover:-translate-y-1">
                <SampleVideo
                  src={`/videos/ugc-example-${video.n}.mp4`}
                  label={`Sample ad: ${video.hook}`}
                />
              </div>
              <figcaption className="mt-4 px-1">
                <p className="flex min-w-0 items-center gap-2 text-xs font-semibold tracking-wide text-primary uppercase">
                  <span className="shrink-0">{video.label}</span>
                  <span aria-hidden="true" className="text-muted-foreground">
                    ·
                  </span>
                  <span className="truncate text-muted-foreground normal-case">
                    {video.product}
                  </span>
                </p>
                <p className="mt-1 text-sm leading-6 font-medium">“{video.hook}”</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
