import { useParams } from 'react-router';
import { GROUP_TEXT } from '@verba/shared';
import { GroupDetail } from '@/features/groups/components/group-detail';
import { usePageMeta } from '@/lib/page-meta';

export function GroupDetailRoute() {
  const { id = '' } = useParams();
  usePageMeta({ title: GROUP_TEXT.title, description: GROUP_TEXT.subtitle, noindex: true });
  return <GroupDetail key={id} id={id} />;
}
