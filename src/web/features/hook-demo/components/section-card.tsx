import type { ReactNode } from 'react';

/** A numbered section of the editor's left column, titled for screen readers too. */
export const SectionCard = ({
  number,
  title,
  id,
  children,
  action,
}: {
  number: number;
  title: string;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) => (
  <section
    aria-labelledby={`${id}-heading`}
    className="space-y-4 rounded-xl border bg-card p-5 shadow-sm"
  >
    <div className="flex items-center justify-between gap-2">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold">
        <span
          aria-hidden="true"
          className="flex size-6 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground"
        >
          {number}
        </span>
        {title}
      </h2>
      {action}
    </div>
    {children}
  </section>
);
