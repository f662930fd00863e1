import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { HookreelLogo } from '@/components/brand/hookreel-logo';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { TooltipProvider } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { SidebarContent } from './sidebar';

/**
 * The signed-in app frame (docs/product/app.md rule 5): sidebar with navigation, queue and user,
 * scrollable main.
 */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = () => setMenuOpen(false);

  return (
    <TooltipProvider delayDuration={200}>
      <div className="relative flex h-dvh overflow-hidden bg-background">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>

        <aside
          aria-label="Sidebar"
          className="hidden w-64 shrink-0 border-r border-sidebar-border bg-sidebar md:block"
        >
          <SidebarContent />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 shrink-0 items-center justify-between border-b bg-background/95 px-4 backdrop-blur md:hidden">
            <Link
              to={paths.dashboard.getHref()}
              className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <HookreelLogo />
            </Link>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <Menu aria-hidden="true" className="size-5" />
            </Button>
          </header>

          {/* Positioned, so absolutely placed descendants (visually hidden inputs and labels) scroll
            inside it instead of stretching the document below the full-height shell. */}
          <main
            id="main-content"
            tabIndex={-1}
            className="relative flex-1 overflow-y-auto outline-none"
          >
            <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
              {children}
            </div>
          </main>
        </div>

        <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogContent
            ref={menuRef}
            aria-describedby={undefined}
            // Radix would focus the first button, which is the disabled Campaigns entry and pops
            // its tooltip; start on the current page's link instead.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              const menu = menuRef.current;
              (menu?.querySelector<HTMLElement>('[aria-current="page"]') ?? menu)?.focus();
            }}
            className="top-0 left-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 gap-0 rounded-none border-y-0 border-l-0 bg-sidebar p-0 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in sm:max-w-[85vw]"
          >
            <DialogTitle className="sr-only">Menu</DialogTitle>
            <SidebarContent onNavigate={closeMenu} />
          </DialogContent>
        </Dialog>
      </div>
    </TooltipProvider>
  );
};
