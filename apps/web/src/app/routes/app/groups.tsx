import { GROUP_TEXT } from '@verba/shared';
import { GroupsScreen } from '@/features/groups/components/groups-screen';
import { usePageMeta } from '@/lib/page-meta';

export function GroupsRoute() {
  usePageMeta({ title: GROUP_TEXT.title, description: GROUP_TEXT.subtitle, noindex: true });
  return <GroupsScreen />;
}
