import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { GeneralTab } from './general-tab';

export const SETTINGS_TABS = ['general', 'tiktok', 'billing'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** ?tab= picks the tab (docs/product/app.md rule 1); anything unknown shows General. */
export const parseSettingsTab = (value: string | null): SettingsTab =>
  SETTINGS_TABS.find((tab) => tab === value) ?? 'general';

const PendingTab = ({ title, text }: { title: string; text: string }) => (
  <Card>
    <CardHeader>
      <CardTitle>
        <h2 className="text-base font-semibold">{title}</h2>
      </CardTitle>
      <CardDescription>{text}</CardDescription>
    </CardHeader>
  </Card>
);

type SettingsPageProps = {
  /** The TikTok connection card, once that feature lands. */
  tiktokTab?: ReactNode;
  /** The billing summary and plan buttons, once that feature lands. */
  billingTab?: ReactNode;
};

export const SettingsPage = ({ tiktokTab, billingTab }: SettingsPageProps) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseSettingsTab(searchParams.get('tab'));

  // The one-off flags (billing=success, tiktok_connected=…) belong to the visit that brought
  // them; a tab switch keeps only the tab so they are not handled twice.
  const onTabChange = (value: string) =>
    setSearchParams({ tab: parseSettingsTab(value) }, { replace: true });

  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your profile, TikTok connection and plan." />
      <Tabs value={tab} onValueChange={onTabChange} className="gap-6">
        <TabsList>
          <TabsTrigger value="general" className="px-4">
            General
          </TabsTrigger>
          <TabsTrigger value="tiktok" className="px-4">
            TikTok
          </TabsTrigger>
          <TabsTrigger value="billing" className="px-4">
            Billing
          </TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          <GeneralTab />
        </TabsContent>
        <TabsContent value="tiktok">
          {tiktokTab ?? (
            <PendingTab
              title="TikTok"
              text="TikTok connection arrives with the TikTok integration."
            />
          )}
        </TabsContent>
        <TabsContent value="billing">
          {billingTab ?? (
            <PendingTab title="Billing" text="Billing arrives with plans and checkout." />
          )}
        </TabsContent>
      </Tabs>
    </>
  );
};
