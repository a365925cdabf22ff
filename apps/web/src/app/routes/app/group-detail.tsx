import { useParams } from 'react-router';
import { GROUP_TEXT, isUuid } from '@verba/shared';
import { NOT_FOUND_META, NotFound } from '@/components/errors/not-found';
import { GroupDetail } from '@/features/groups/components/group-detail';
import { usePageMeta } from '@/lib/page-meta';

export function GroupDetailRoute() {
  const { id = '' } = useParams();
  // A link that cannot name a group is a page that does not exist, not a server error.
  const exists = isUuid(id);
  usePageMeta(
    exists
      ? { title: GROUP_TEXT.title, description: GROUP_TEXT.subtitle, noindex: true }
      : NOT_FOUND_META,
  );
  if (!exists) return <NotFound className="py-12" />;
  return <GroupDetail key={id} id={id} />;
}
