import { SCREEN_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { usePageMeta } from '@/lib/page-meta';

export function GroupsRoute() {
  usePageMeta({
    title: SCREEN_TEXT.groupsTitle,
    description: SCREEN_TEXT.groupsSubtitle,
    noindex: true,
  });
  return <PageHeader title={SCREEN_TEXT.groupsTitle} subtitle={SCREEN_TEXT.groupsSubtitle} />;
}
